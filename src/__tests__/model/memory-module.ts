import { effectiveSettings, settingsSourceFrom, type BnplOptions } from "../../modules/bnpl/settings"
import { memoryMessages } from "../helpers/memory-messages"

/**
 * The bnpl module as the workflows, subscribers and jobs resolve it (`container.resolve("bnpl")`):
 * its generated data methods over `bnpl_service_message` (the record of every message to the
 * service) kept in memory (helpers/memory-messages.ts: as Medusa's generated data methods answer
 * them), and `getOptions`
 * exactly as the module service computes it (`effectiveSettings` over the settings row, the
 * plugin's options and the environment). Checkout snapshots are not part of the model: none
 * is kept (the shipping information is then built without the offered options). Payment links
 * (`bnpl_payment_link`): their generated methods by equality, as the link workflows use them.
 */
export function memoryModule(injected: Record<string, unknown>, pluginOptions: BnplOptions) {
  return {
    ...memoryMessages(),
    ...memoryLinks(),
    getOptions: async (mode?: any) =>
      (await effectiveSettings(settingsSourceFrom(injected), pluginOptions, process.env, mode)).options,
  }
}

function memoryLinks() {
  const rows: any[] = []
  let n = 0
  const matches = (row: any, filter: Record<string, unknown>) =>
    Object.entries(filter).every(([k, v]) => (v === null ? row[k] == null : row[k] === v))
  return {
    listBnplPaymentLinks: async (filter: Record<string, unknown> = {}) =>
      rows.filter((r) => matches(r, filter)).map((r) => ({ ...r })),
    createBnplPaymentLinks: async (input: any) => {
      const row = { id: `bnpllink_${++n}`, cancelled_at: null, closed_at: null, ...input }
      rows.push(row)
      return { ...row }
    },
    updateBnplPaymentLinks: async (patch: any) => {
      const row = rows.find((r) => r.id === patch.id)
      if (!row)
        throw Object.assign(new Error(`BnplPaymentLink with id: ${patch.id} was not found`), { type: "not_found" })
      return { ...Object.assign(row, patch) }
    },
  }
}
