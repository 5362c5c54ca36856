import type { LoaderOptions } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { providerRegistrationProblem } from "../../../lib/payment/provider-registration"

/** Stops the server at start-up when the provider is registered under another id. */
export default async function checkProviderId({ container }: LoaderOptions): Promise<void> {
  let modules: Record<string, unknown> | undefined
  try {
    modules = (container.resolve("configModule") as { modules?: Record<string, unknown> }).modules
  } catch {
    return // not in an app (e.g. a module test): nothing to check
  }
  const problem = providerRegistrationProblem(modules)
  if (problem) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, problem)
  }
}
