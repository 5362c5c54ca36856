import { effectiveSettings, settingsSourceFrom, type BnplOptions } from "../../modules/bnpl/settings"
import { memoryMessages } from "../helpers/memory-messages"

/**
 * The bnpl module as the workflows, subscribers and jobs resolve it (`container.resolve("bnpl")`):
 * its generated data methods over `bnpl_service_message` (the record of every message to the
 * service) kept in memory (helpers/memory-messages.ts: as Medusa's generated data methods answer
 * them), and `getOptions`
 * exactly as the module service computes it (`effectiveSettings` over the settings row, the
 * plugin's options and the environment). Checkout snapshots are not part of the model: none
 * is kept (the shipping information is then built without the offered options).
 */
export function memoryModule(injected: Record<string, unknown>, pluginOptions: BnplOptions) {
  return {
    ...memoryMessages(),
    getOptions: async (mode?: any) =>
      (await effectiveSettings(settingsSourceFrom(injected), pluginOptions, process.env, mode)).options,
  }
}
