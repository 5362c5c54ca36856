import type { ServicePlanView } from "../../lib/http/http-types"
import type { PlanRow } from "./settings-form"
import { rowToPlan } from "./settings-form"

/**
 * The account's plans as the settings page shows them: which form row is a plan's switch, and
 * what the fees come to on an example cart. Pure.
 */

/** A plan's identity: instalments, deferral, at shipment or not. */
export const servicePlanKey = (plan: {
  installments_count: number
  deferred_days?: number | null
  deferred_months?: number | null
  pay_at_shipment?: boolean | null
}) =>
  `${plan.installments_count}x-d${plan.deferred_days || 0}-m${plan.deferred_months || 0}${plan.pay_at_shipment ? ":ship" : ""}`

/** The index of the form row offering this plan, or -1. */
export const rowIndexOf = (plan: ServicePlanView, rows: PlanRow[]): number =>
  rows.findIndex((row) => servicePlanKey(rowToPlan(row)) === servicePlanKey(plan))

/** The example cart the fees are shown for: 300.00 in the store's currency, moved inside the plan's bounds. */
export const exampleAmount = (plan: Pick<ServicePlanView, "min_amount" | "max_amount">): number =>
  Math.min(Math.max(300, plan.min_amount), plan.max_amount)

/** Fees on an amount (major units, rounded to the cent): the variable part plus the fixed one. */
export const feeOn = (amount: number, bps: number, fixed: number): number =>
  Math.round(((amount * bps) / 10000 + fixed) * 100) / 100
