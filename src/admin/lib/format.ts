import type { Plan, ShippingMethod } from "./types"

/** Digits after the decimal point (the service counts in the currency's smallest unit). */
const EXPONENT_0 = ["bif", "clp", "djf", "gnf", "isk", "jpy", "kmf", "krw", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]
const EXPONENT_3 = ["bhd", "iqd", "jod", "kwd", "lyd", "omr", "tnd"]

export function currencyExponent(currencyCode: string): number {
  const code = currencyCode.toLowerCase()
  return EXPONENT_0.includes(code) ? 0 : EXPONENT_3.includes(code) ? 3 : 2
}

/** 12990 cents, "eur" → "€129.90". */
export function formatCents(cents: number | null | undefined, currencyCode: string): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) {
    return "-"
  }
  const exponent = currencyExponent(currencyCode)
  const amount = cents / 10 ** exponent
  try {
    return new Intl.NumberFormat(undefined, {
      style: "currency",
      currency: currencyCode.toUpperCase(),
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(amount)
  } catch {
    return `${amount.toFixed(exponent)} ${currencyCode.toUpperCase()}`
  }
}

/** Unix seconds (the service) or an ISO string (Medusa) → "12 Mar 2026". */
export function formatDate(value: number | string | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === "") {
    return "-"
  }
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value)
  if (Number.isNaN(date.getTime())) {
    return String(value)
  }
  return date.toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  })
}

/** "3 instalments", "pay in 30 days", "4 instalments, first in 1 month". */
export function planLabel(plan: Plan): string {
  const count = Number(plan.installments_count)
  const deferral = plan.deferred_days
    ? `${plan.deferred_days} day${plan.deferred_days > 1 ? "s" : ""}`
    : plan.deferred_months
      ? `${plan.deferred_months} month${plan.deferred_months > 1 ? "s" : ""}`
      : undefined
  if (count === 1) {
    return deferral ? `Pay in ${deferral}` : "Pay now"
  }
  return deferral ? `${count} instalments, first in ${deferral}` : `${count} instalments`
}

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  postal: "Home delivery (postal)",
  pickup_point: "Pickup point",
  pickup_store: "Store pickup",
  instore: "In store (nothing shipped)",
}

type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

/** The service's payment states in a merchant's words. */
export function paymentStateBadge(state: string | null | undefined): { label: string; color: BadgeColor } {
  switch (state) {
    case "in_progress":
      return { label: "Accepted, instalments running", color: "blue" }
    case "paid":
      return { label: "Paid in full", color: "green" }
    case "not_started":
      return { label: "Waiting for the customer", color: "grey" }
    case "scored_yes":
    case "scored_maybe":
      return { label: "Being reviewed", color: "orange" }
    case "scored_no":
      return { label: "Refused", color: "red" }
    case "stopped":
      return { label: "Stopped", color: "grey" }
    case "late_dunning":
    case "late_contact_customer":
      return { label: "Late payment", color: "orange" }
    case "default":
      return { label: "In default", color: "red" }
    case "collection_done":
      return { label: "Collected", color: "purple" }
    case null:
    case undefined:
      return { label: "Unknown", color: "grey" }
    default:
      return { label: state, color: "grey" }
  }
}

export function instalmentStateBadge(state: string | undefined): { label: string; color: BadgeColor } {
  switch (state) {
    case "paid":
      return { label: "Paid", color: "green" }
    case "pending":
      return { label: "Due", color: "grey" }
    case "late":
    case "failed":
      return { label: state === "late" ? "Late" : "Failed", color: "red" }
    case "cancelled":
      return { label: "Cancelled", color: "grey" }
    default:
      return { label: state || "-", color: "grey" }
  }
}

export function syncStatusBadge(status: string): { label: string; color: BadgeColor } {
  switch (status) {
    case "synced":
      return { label: "Sent", color: "green" }
    case "unchanged":
      return { label: "Already up to date", color: "green" }
    case "pending":
      return { label: "Will retry", color: "orange" }
    case "failed":
      return { label: "Failed", color: "red" }
    case "skipped":
      return { label: "Not sent", color: "grey" }
    default:
      return { label: status, color: "grey" }
  }
}

export const TRIGGER_LABELS: Record<string, string> = {
  fulfillment_created: "Fulfillment created",
  shipment_created: "Shipment created",
  retry: "Automatic retry",
  manual: "Pushed from the admin",
  order_placed: "Order placed (nothing to ship)",
  order_edit_confirmed: "Order edit confirmed",
  claim_created: "Claim created",
  exchange_created: "Exchange created",
}
