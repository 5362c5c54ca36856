import type { PlanChoice } from "./types"

/** The Medusa payment provider id of the plugin (`pp_{identifier}_{id}`). */
export const BNPL_PROVIDER_ID = "pp_bnpl_bnpl"

/** True for the plugin's provider (a storefront's payment step and order page switch on it). */
export const isBnplProvider = (providerId: string | null | undefined): boolean =>
  typeof providerId === "string" && providerId.startsWith("pp_bnpl_")

/** A stable key for a plan, as the plugin writes it: `3x-d0-m0`, `3x-d0-m0-ship` for pay at shipment. */
export const planKey = (plan: PlanChoice): string =>
  plan.pay_at_shipment
    ? `${plan.installments_count}x-d0-m0-ship`
    : `${plan.installments_count}x-d${plan.deferred_days || 0}-m${plan.deferred_months || 0}`

/** Only what a storefront may send when choosing a plan. */
export function planChoice(plan: PlanChoice): PlanChoice {
  const choice: PlanChoice = { installments_count: plan.installments_count }
  // A pay-at-shipment plan has no deferral: it starts when the order ships.
  if (plan.pay_at_shipment) return { ...choice, pay_at_shipment: true }
  if (plan.deferred_days) choice.deferred_days = plan.deferred_days
  if (plan.deferred_months) choice.deferred_months = plan.deferred_months
  return choice
}

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY, 3 for KWD). */
export function currencyDigits(currencyCode: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: currencyCode.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** A price in major units (number or decimal string) → integer cents, or NaN. */
export function toCents(amount: number | string, currencyCode: string): number {
  const value = typeof amount === "number" ? amount : Number(String(amount).trim())
  return Math.round(value * 10 ** currencyDigits(currencyCode))
}
