import { currencyExponent } from "../../../../lib/money/money"

/** The most amounts one `?amounts=` request may carry (a product grid is 12–48 cards). */
export const MAX_AMOUNTS_PER_REQUEST = 50

/** The largest amount asked about, in major units: no instalment plan goes beyond it. */
export const MAX_AMOUNT_MAJOR_UNITS = 1_000_000

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * Why a storefront's amount (major units, as text) cannot be asked about in this currency,
 * or undefined when it can. Checked before any conversion, so huge or over-precise values
 * never reach the money code or the service.
 */
export function amountProblem(value: string, currencyCode: string): string | undefined {
  const shown = value.length > 24 ? `${value.slice(0, 20)}...` : value
  const match = DECIMAL.exec(value)
  if (!match) {
    return `amount "${shown}" must be a positive number in major units, like 149.90`
  }
  const [, integer, fraction = ""] = match
  const decimals = currencyExponent(currencyCode)
  if (fraction.length > decimals) {
    return decimals === 0
      ? `amount "${shown}" must be a whole number in ${currencyCode.toUpperCase()}`
      : `amount "${shown}" has more than ${decimals} decimals for ${currencyCode.toUpperCase()}`
  }
  // Leading zeros aside, more digits than the maximum has means it is too large: no Number().
  const digits = integer.replace(/^0+(?=\d)/, "")
  if (digits.length > String(MAX_AMOUNT_MAJOR_UNITS).length || Number(value) > MAX_AMOUNT_MAJOR_UNITS) {
    return `amount "${shown}" is too large: at most ${MAX_AMOUNT_MAJOR_UNITS} ${currencyCode.toUpperCase()}`
  }
  if (Number(value) <= 0) {
    return `amount "${shown}" must be greater than 0`
  }
  return undefined
}

/** `"19.90,129.90, 19.9"` → the trimmed items (empty items are kept, to be named as bad). */
export const splitAmounts = (list: string): string[] => list.split(",").map((a) => a.trim())

/** Runs `work` on every item, at most `limit` at a time, results in the items' order. */
export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
