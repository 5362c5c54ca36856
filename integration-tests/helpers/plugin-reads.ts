import path from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

const SRC = path.resolve(__dirname, "../../src") + path.sep

/**
 * Reads of carts and products (`query.graph`) made by the plugin's own code while `run` runs:
 * the app's Query is wrapped, passing every call through, and a call counts when the plugin's
 * src/ is on its stack (the call site is, synchronously). Each read as `<entity> from <frame>`.
 */
export async function pluginQueryReads(container: MedusaContainer, run: () => Promise<unknown>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as any
  const graph = query.graph
  const reads: string[] = []
  query.graph = function (this: unknown, config: { entity: string }, ...rest: unknown[]) {
    const ours = (new Error().stack ?? "").split("\n").find((frame) => frame.includes(SRC) && !frame.includes("node_modules"))
    if (ours) reads.push(`${config.entity} from ${ours.trim()}`)
    return graph.call(this, config, ...rest)
  }
  try {
    await run()
  } finally {
    query.graph = graph
  }
  return reads
}
