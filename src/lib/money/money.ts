import { BigNumberInput } from "@medusajs/framework/types"
import { BigNumber, MathBN } from "@medusajs/framework/utils"
import { currencyExponent } from "./currency"

export { currencyExponent }

/**
 * The one place where Medusa amounts (major units: number, string, BigNumber or raw
 * `{value, precision}`) become the service's integer minor units ("cents") and back.
 */

export type MedusaAmount = BigNumberInput | BigNumber

/** Major units → integer minor units, rounded once (half away from zero). */
export function toCents(amount: MedusaAmount, currencyCode: string): number {
  const scaled = MathBN.mult(amount, MathBN.exp(10, currencyExponent(currencyCode)))
  if (!scaled.isFinite()) {
    throw new Error(`Amount ${String(amount)} is not a finite number`)
  }
  const cents = scaled
    .integerValue(4 /* BigNumber.ROUND_HALF_UP: half away from zero (1 would be ROUND_DOWN) */)
    .toNumber()
  if (!Number.isSafeInteger(cents)) {
    // Beyond 2^53 cents a number no longer holds every integer: the service would get another amount.
    throw new Error(`Amount ${String(amount).slice(0, 40)} is too large to be sent as a whole number of minor units`)
  }
  return cents
}

/** Integer minor units → major units, as a plain number Medusa accepts. */
export function fromCents(cents: number, currencyCode: string): number {
  return new BigNumber(MathBN.div(cents, MathBN.exp(10, currencyExponent(currencyCode)))).numeric
}

/** "1234.50 EUR": minor units shown with the currency's own number of decimals. */
export function formatCents(cents: number, currencyCode: string): string {
  return `${fromCents(cents, currencyCode).toFixed(currencyExponent(currencyCode))} ${currencyCode.toUpperCase()}`
}

/**
 * The cents of one refund of `amount`, after `refundedBefore` (both major units, Medusa's): rounded
 * against the running total, not one by one, so three refunds of 33.333333 on 100.00 give back
 * 100.00 (33.33, 33.34, 33.33), never 99.99.
 */
export function refundCents(amount: MedusaAmount, refundedBefore: MedusaAmount, currencyCode: string): number {
  return toCents(MathBN.add(refundedBefore, amount), currencyCode) - toCents(refundedBefore, currencyCode)
}

/** A sum of major units, exactly (a decimal string, as kept in session data). */
export function addAmounts(a: MedusaAmount, b: MedusaAmount): string {
  return MathBN.add(a, b).toFixed()
}
