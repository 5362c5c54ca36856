/**
 * The bnpl module's message record (`bnpl_service_message`, the record of every message to the
 * service) kept in memory, as Medusa's generated data methods `list/create/retrieve/update/delete`
 * answer them: copies, filters by equality, arrays as IN, `{$lte}`, `{$in}`, `order`, `take`;
 * deleted rows kept with `deleted_at` and left out of what is read. Checkout snapshots: none is
 * kept. Shared by the model (memory-module.ts) and the review repros.
 */
export function memoryMessages() {
  const rows: any[] = []
  let n = 0
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
    Object.assign(new Error(`BnplServiceMessage with id: ${id} was not found`), { type: "not_found" })
  const update = (patch: any) => {
    const row = rows.find((r) => r.id === patch.id && !r.deleted_at)
    if (!row) throw notFound(patch.id)
    Object.assign(row, patch, { updated_at: new Date() })
    return { ...row }
  }
  return {
    rows,
    listBnplServiceMessages: async (filter: Record<string, any> = {}, config: { take?: number; order?: any } = {}) =>
      ordered(
        rows.filter((r) => !r.deleted_at && matches(r, filter)),
        config.order
      )
        .slice(0, config.take ?? rows.length)
        .map((r) => ({ ...r })),
    createBnplServiceMessages: async (input: any) => create(input),
    /** One statement in the module (message-writes.ts): the row they replace deleted, and they are recorded only if it was there. */
    recordMessages: async (list: any[], replacing?: string | null) => {
      if (replacing && !rows.some((r) => r.id === replacing && !r.deleted_at)) return []
      if (replacing) remove([replacing])
      return (await create(list)).map((r: any) => r.id)
    },
    retrieveBnplServiceMessage: async (id: string) => {
      const row = rows.find((r) => r.id === id && !r.deleted_at)
      if (!row) throw notFound(id)
      return { ...row }
    },
    updateBnplServiceMessages: async (patch: any) => update(patch),
    writeMessageOutcome: async (patch: any) => update(patch),
    deleteBnplServiceMessages: async (ids: string | string[]) => remove(Array.isArray(ids) ? ids : [ids]),
    listBnplCheckoutSnapshots: async () => [],
    updateBnplCheckoutSnapshots: async (patch: any) => patch,
  }
  async function create(input: any) {
    const list = (Array.isArray(input) ? input : [input]).map((r: any) => ({
      id: `sync_${String(++n).padStart(4, "0")}`,
      attempts: 0,
      created_at: new Date(Date.now() + n), // creation order, also under a frozen clock
      updated_at: new Date(),
      deleted_at: null,
      accepted_sequence: null,
      service_order_id: null,
      accepted_at: null,
      last_error: null,
      ...r,
    }))
    rows.push(...list)
    return Array.isArray(input) ? list.map((r: any) => ({ ...r })) : { ...list[0] }
  }
  function remove(ids: string[]) {
    for (const id of ids) {
      const row = rows.find((r) => r.id === id)
      if (row) row.deleted_at = new Date()
    }
  }
}
