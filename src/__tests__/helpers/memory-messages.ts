/**
 * The bnpl module's message record (`bnpl_service_message`, the record of every message to the
 * service) and its order events waiting for their messages (`bnpl_order_event`) kept in memory,
 * as Medusa's generated data methods `list/create/retrieve/update/delete` answer them: copies,
 * filters by equality, arrays as IN, `{$lte}`, `{$in}`, `order`, `take`; deleted rows kept with
 * `deleted_at` and left out of what is read. Checkout snapshots: none is kept. Shared by the
 * model (memory-module.ts) and the review repros.
 */
export function memoryMessages() {
  let n = 0
  const next = () => ++n // one count for both tables: creation order across them
  const messages = memoryTable("BnplServiceMessage", "sync", next, {
    accepted_sequence: null,
    service_order_id: null,
    accepted_at: null,
  })
  const events = memoryTable("BnplOrderEvent", "evt", next, { status: "pending" })
  return {
    rows: messages.rows,
    eventRows: events.rows,
    listBnplServiceMessages: messages.list,
    createBnplServiceMessages: messages.create,
    /** One statement in the module (message-writes.ts): the event deleted, and its messages recorded only if it was there. */
    recordMessages: async (list: any[], forEvent?: string | null) => {
      if (forEvent && !events.rows.some((r) => r.id === forEvent && !r.deleted_at)) return []
      if (forEvent) events.remove([forEvent])
      return (await messages.create(list)).map((r: any) => r.id)
    },
    retrieveBnplServiceMessage: messages.retrieve,
    updateBnplServiceMessages: messages.update,
    writeMessageOutcome: messages.update,
    deleteBnplServiceMessages: async (ids: string | string[]) => messages.remove(Array.isArray(ids) ? ids : [ids]),
    listBnplOrderEvents: events.list,
    createBnplOrderEvents: events.create,
    /** One INSERT in the module (message-writes.ts). */
    recordOrderEvent: async (event: any) => (await events.create(event)).id as string,
    updateBnplOrderEvents: events.update,
    listBnplCheckoutSnapshots: async () => [],
    updateBnplCheckoutSnapshots: async (patch: any) => patch,
  }
}

/** One of the module's tables in memory; ids `<prefix>_0001`, numbered by `next`. */
function memoryTable(model: string, prefix: string, next: () => number, defaults: Record<string, unknown>) {
  const rows: any[] = []
  const matches = (row: any, filter: Record<string, any>) =>
    Object.entries(filter).every(([k, v]) =>
      Array.isArray(v)
        ? v.includes(row[k])
        : v && typeof v === "object" && !(v instanceof Date) && "$lte" in v
          ? row[k] != null && new Date(row[k]).getTime() <= new Date(v.$lte).getTime()
          : v && typeof v === "object" && !(v instanceof Date) && "$in" in v
            ? v.$in.includes(row[k])
            : row[k] === v
    )
  const ordered = (list: any[], order?: Record<string, "ASC" | "DESC" | "asc" | "desc">) => {
    const [[key, dir] = []] = Object.entries(order ?? {})
    if (!key) return list
    const at = (r: any) => (r[key] == null ? 0 : new Date(r[key]).getTime())
    const sorted = [...list].sort((a, b) => at(a) - at(b))
    return String(dir).toUpperCase() === "DESC" ? sorted.reverse() : sorted
  }
  const notFound = (id: string) =>
    Object.assign(new Error(`${model} with id: ${id} was not found`), { type: "not_found" })
  const live = (id: string) => rows.find((r) => r.id === id && !r.deleted_at)
  return {
    rows,
    list: async (filter: Record<string, any> = {}, config: { take?: number; order?: any } = {}) =>
      ordered(
        rows.filter((r) => !r.deleted_at && matches(r, filter)),
        config.order
      )
        .slice(0, config.take ?? rows.length)
        .map((r) => ({ ...r })),
    async create(input: any) {
      const list = (Array.isArray(input) ? input : [input]).map((r: any, _i: number, _all: any[], n = next()) => ({
        id: `${prefix}_${String(n).padStart(4, "0")}`,
        attempts: 0,
        created_at: new Date(Date.now() + n), // creation order, also under a frozen clock
        updated_at: new Date(),
        deleted_at: null,
        last_error: null,
        ...defaults,
        ...r,
      }))
      rows.push(...list)
      return Array.isArray(input) ? list.map((r: any) => ({ ...r })) : { ...list[0] }
    },
    retrieve: async (id: string) => {
      const row = live(id)
      if (!row) throw notFound(id)
      return { ...row }
    },
    update: async (patch: any) => {
      const row = live(patch.id)
      if (!row) throw notFound(patch.id)
      Object.assign(row, patch, { updated_at: new Date() })
      return { ...row }
    },
    remove(ids: string[]) {
      for (const id of ids) {
        const row = rows.find((r) => r.id === id)
        if (row) row.deleted_at = new Date()
      }
    },
  }
}
