/** The provider class's `identifier` (the first part of the provider id). */
export const BNPL_PROVIDER_IDENTIFIER = "bnpl"
/** The `id` the store registers the provider with under the payment module. */
export const BNPL_PROVIDER_REGISTRATION_ID = "bnpl"
/**
 * The provider id the routes, the notification path, the admin and an order's payment rely on
 * (README's "Configuration"): Medusa names a provider `pp_{identifier}_{id}`. Defined here only.
 */
export const BNPL_PROVIDER_ID = `pp_${BNPL_PROVIDER_IDENTIFIER}_${BNPL_PROVIDER_REGISTRATION_ID}` as const

type ProviderEntry = { resolve?: unknown; id?: unknown }
type ModulesConfig = Record<string, unknown> | unknown[] | undefined

const isBnplProvider = (entry: ProviderEntry) =>
  typeof entry?.resolve === "string" &&
  /(^|[/\\])providers[/\\]bnpl([/\\]|$)|medusa-plugin-bnpl\/providers\/bnpl/.test(entry.resolve)

/** The payment module's provider entries, whether `modules` is an array or keyed object. */
function paymentProviders(modules: ModulesConfig): ProviderEntry[] {
  const entries = Array.isArray(modules)
    ? modules
    : Object.entries(modules ?? {}).map(([key, value]) => ({ key, ...(value as object) }))
  const payment = entries.find(
    (m: any) => m?.key === "payment" || m?.resolve === "@medusajs/medusa/payment" || m?.resolve === "@medusajs/payment"
  ) as { options?: { providers?: ProviderEntry[] } } | undefined
  return payment?.options?.providers ?? []
}

/**
 * Checked when the server starts: the provider must be registered with id "bnpl", because
 * everything else (the store route's session check, the notification path, an order's payment)
 * looks for `pp_bnpl_bnpl`. Another id would leave every instalment payment unhandled, quietly.
 * Returns the problem to stop the server with, or undefined (also when the provider is not
 * registered yet: a store may install the plugin before enabling payments).
 */
export function providerRegistrationProblem(modules: ModulesConfig): string | undefined {
  const ours = paymentProviders(modules).filter(isBnplProvider)
  const wrong = ours.find((entry) => entry.id !== BNPL_PROVIDER_REGISTRATION_ID)
  if (!wrong) {
    return undefined
  }
  return (
    `medusa-plugin-bnpl: register the payment provider with id "${BNPL_PROVIDER_REGISTRATION_ID}" ` +
    `({ resolve: "medusa-plugin-bnpl/providers/bnpl", id: "${BNPL_PROVIDER_REGISTRATION_ID}", options }), not ${JSON.stringify(wrong.id ?? null)}: ` +
    `the plugin's routes and notifications use the provider id ${BNPL_PROVIDER_ID}`
  )
}
