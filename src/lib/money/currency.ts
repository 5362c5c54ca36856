/**
 * Digits after the decimal point of a currency: the service counts in its smallest unit.
 * Browser-safe (no imports): the admin and the server read the same table.
 */

// ISO 4217 currencies whose minor unit is not 1/100.
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
])
const THREE_DECIMAL = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"])

export function currencyExponent(currencyCode: string): number {
  const code = currencyCode.toUpperCase()
  if (ZERO_DECIMAL.has(code)) {
    return 0
  }
  return THREE_DECIMAL.has(code) ? 3 : 2
}

/**
 * The currencies the service takes. It is sent amounts in cents and no currency, and its markets
 * are all euro countries: any other currency would be charged as that many euro cents.
 */
export const SERVICE_CURRENCIES: readonly string[] = ["eur"]

/**
 * The currencies offered at checkout: those configured that the account takes. `taken` is the
 * service's list today; an account's own plans could narrow it later.
 */
export function offeredCurrencies(configured: readonly string[], taken: readonly string[] = SERVICE_CURRENCIES) {
  return configured.map((c) => c.toLowerCase()).filter((c) => taken.includes(c))
}
