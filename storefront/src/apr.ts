import type { Plan } from "./types"

/**
 * The annual percentage rate of charge (APR, TAEG, TAE, effektiver Jahreszins) of Annex I of
 * Directives 2008/48/EC and 2023/2225, from the schedule the service returns. Pure: no clock
 * unless no start is given.
 */

/** A payment of the Annex I equation: an amount at a time in years from the first drawdown. */
export type CashFlow = { amount: number; years: number }

const DAY_SECONDS = 86400
/** Annex I, remark (c): a year of 365 days (intervals here are whole days). */
const YEAR_DAYS = 365

const presentValue = (flows: CashFlow[], x: number) => flows.reduce((sum, f) => sum + f.amount * (1 + x) ** -f.years, 0)

/**
 * X in Σ drawdowns·(1+X)^-t = Σ repayments·(1+X)^-s (Annex I), as a fraction (0.1296 for
 * 12.96 %). Bisection: with the drawdowns first, the repayments' present value falls as X
 * grows, so there is one root. Undefined when nothing is repaid after the start (no credit),
 * or no rate between -99 % and 10^11 % fits.
 */
export function solveAnnualRate(drawdowns: CashFlow[], repayments: CashFlow[]): number | undefined {
  if (!repayments.some((r) => r.amount && r.years > 0)) return undefined
  const gap = (x: number) => presentValue(drawdowns, x) - presentValue(repayments, x)
  let lo = -0.99
  let hi = 1
  if (gap(lo) > 0) return undefined
  while (gap(hi) < 0) {
    hi *= 2
    if (hi > 1e9) return undefined
  }
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2
    if (gap(mid) < 0) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** A rate as a percentage with one decimal, rounded half up (Annex I, remark (d)): 0.12962 → 13. */
export const roundApr = (rate: number): number => Math.round(rate * 1000) / 10 || 0

export type PlanAprOptions = {
  /**
   * The drawdown's date, t = 0: the eligibility check (`PlansAnswer.checked_at`) or the order.
   * Default: the first due date when it has passed (a plan whose first instalment is paid at
   * the order), else now (a deferred plan seen before its first due date).
   */
  start?: Date | string | number
  /** "Now" for the default start (tests). */
  now?: Date
}

const seconds = (date: Date | string | number) => new Date(date).getTime() / 1000

/**
 * Whole days from the plan's start to each instalment's due date (never negative). Pay at
 * shipment: the service's dates only count from the shipment, unknown when ordering, so the
 * days count from the first instalment, as if the order shipped the day it is placed: the
 * earliest the customer can pay, hence the highest APR the plan can have.
 */
export function instalmentDays(plan: Plan, options: PlanAprOptions = {}): number[] {
  const dues = (plan.payment_plan ?? []).map((i) => i.due_date)
  if (!dues.length) return []
  let start = dues[0]
  if (!plan.pay_at_shipment) {
    const now = seconds(options.now ?? new Date())
    start = options.start !== undefined ? seconds(options.start) : dues[0] <= now ? dues[0] : now
  }
  return dues.map((due) => Math.max(0, Math.round((due - start) / DAY_SECONDS)))
}

/** The Annex I flows of a plan: the cash price drawn at t = 0, each instalment's total at its due date. */
export function planCashFlows(plan: Plan, options: PlanAprOptions = {}): { drawdowns: CashFlow[]; repayments: CashFlow[] } {
  const instalments = plan.payment_plan ?? []
  const days = instalmentDays(plan, options)
  return {
    drawdowns: [{ amount: instalments.reduce((sum, i) => sum + i.purchase_amount, 0), years: 0 }],
    repayments: instalments.map((i, index) => ({ amount: i.total_amount, years: days[index] / YEAR_DAYS })),
  }
}

/**
 * The plan's APR in percent, one decimal (18.3), fees and interest included: the service's
 * (`annual_percentage_rate_bps`) when it gives one, else computed from the schedule. 0 for a
 * plan that costs nothing; undefined for no credit (everything paid at the start).
 */
export function planApr(plan: Plan, options: PlanAprOptions = {}): number | undefined {
  if (typeof plan.annual_percentage_rate_bps === "number") return plan.annual_percentage_rate_bps / 100
  const { drawdowns, repayments } = planCashFlows(plan, options)
  const rate = solveAnnualRate(drawdowns, repayments)
  return rate === undefined ? undefined : roundApr(rate)
}
