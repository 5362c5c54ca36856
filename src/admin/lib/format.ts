import { SHIPPING_METHODS, type Plan, type ShippingMethod } from "../../client/types"
import { currencyExponent } from "../../lib/money/currency"
import type { ShippingMapping } from "../../lib/http/http-types"
import { normalizePlan } from "../../lib/eligibility/plans"
import type { Translate } from "./i18n"

/** 12990 cents, "eur", "fr-FR" → "129,90 €" (in the admin user's language). */
export function formatCents(cents: number | null | undefined, currencyCode: string, locale: string): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) {
    return "-"
  }
  const exponent = currencyExponent(currencyCode)
  const amount = cents / 10 ** exponent
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currencyCode.toUpperCase(),
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(amount)
  } catch {
    return `${amount.toFixed(exponent)} ${currencyCode.toUpperCase()}`
  }
}

/** Unix seconds (the service) or an ISO string (Medusa) → "12 Mar 2026" / "12 mars 2026". */
export function formatDate(value: number | string | null | undefined, locale: string, withTime = false): string {
  if (value === null || value === undefined || value === "") {
    return "-"
  }
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value)
  if (Number.isNaN(date.getTime())) {
    return String(value)
  }
  return date.toLocaleString(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  })
}

/** A plan as the settings (absent deferrals) or an order's view (null ones) say it. */
type PlanOfOrder = { installments_count: number; deferred_days?: number | null; deferred_months?: number | null }

/**
 * "3 instalments", "Pay in 30 days", "4 instalments, first in 1 month" (translated; the order
 * view's null deferrals count as none).
 */
export function planLabel(plan: PlanOfOrder, t: Translate): string {
  // normalizePlan reads null deferrals as none, like absent ones.
  const { installments_count: count, deferred_days, deferred_months } = normalizePlan(plan as Plan)
  const delay = deferred_days
    ? t("plan.days", { count: deferred_days })
    : deferred_months
      ? t("plan.months", { count: deferred_months })
      : undefined
  if (count === 1) {
    return delay ? t("plan.payIn", { delay }) : t("plan.payNow")
  }
  return delay ? t("plan.instalmentsDeferred", { count, delay }) : t("plan.instalments", { count })
}

export const shippingMethodLabel = (method: ShippingMethod | string, t: Translate): string =>
  SHIPPING_METHODS.includes(method as ShippingMethod) ? t(`shippingMethod.${method}`) : method

/** Why an option is sent as it is, from the backend's reason codes. */
export function mappingReason(mapping: ShippingMapping, t: Translate): string {
  const codes = mapping.reason_codes
  return [
    t(`mappingReason.method.${codes.method}`, { word: codes.method_word }),
    codes.express ? t(`mappingReason.express.${codes.express}`, { word: codes.express_word }) : undefined,
  ]
    .filter(Boolean)
    .join("; ")
}

type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

/** The label's key and colour of each payment state the service reports (some states share a label). */
const PAYMENT_STATE_BADGES: Record<string, [key: string, color: BadgeColor]> = {
  in_progress: ["in_progress", "blue"],
  paid: ["paid", "green"],
  not_started: ["not_started", "grey"],
  scored_yes: ["scored", "orange"],
  scored_maybe: ["scored", "orange"],
  scored_no: ["scored_no", "red"],
  stopped: ["stopped", "grey"],
  late_dunning: ["late", "orange"],
  late_contact_customer: ["late", "orange"],
  default: ["default", "red"],
  collection_done: ["collection_done", "purple"],
}

/** The service's payment states in a merchant's words; a state the table does not know, as the service says it. */
export function paymentStateBadge(
  state: string | null | undefined,
  t: Translate
): { label: string; color: BadgeColor } {
  const badge = (key: string, color: BadgeColor) => ({ label: t(`order.paymentState.${key}`), color })
  if (state === null || state === undefined) {
    return badge("unknown", "grey")
  }
  const known = Object.prototype.hasOwnProperty.call(PAYMENT_STATE_BADGES, state)
    ? PAYMENT_STATE_BADGES[state]
    : undefined
  return known ? badge(...known) : { label: state, color: "grey" }
}

export function instalmentStateBadge(state: string | undefined, t: Translate): { label: string; color: BadgeColor } {
  const colors: Record<string, BadgeColor> = {
    paid: "green",
    pending: "grey",
    late: "red",
    failed: "red",
    cancelled: "grey",
  }
  return state && colors[state]
    ? { label: t(`order.instalmentState.${state}`), color: colors[state] }
    : { label: state || "-", color: "grey" }
}

/** The events with words of their own (`order.trigger.<event>`). */
export const TRIGGERS = [
  "fulfillment_created",
  "shipment_created",
  "retry",
  "manual",
  "order_placed",
  "order_edit_confirmed",
  "claim_created",
  "exchange_created",
]

export const triggerLabel = (trigger: string, t: Translate): string =>
  TRIGGERS.includes(trigger) ? t(`order.trigger.${trigger}`) : trigger
