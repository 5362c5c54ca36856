import { planApr } from "./apr"
import { messagesFor, type BnplMessages } from "./messages"
import { currencyDigits, planKey } from "./plans"
import type { Plan } from "./types"

export type FormatPlanOptions = {
  /** BCP 47 locale of the customer, e.g. "de-DE": texts in its language (en, fr, de, es, it, nl, pt; else English). */
  locale: string
  currencyCode: string
  /** The purchase amount in cents: says "available from" or "up to" for an ineligible plan. */
  purchaseAmount?: number
  /** Time zone for due dates (the browser's by default). */
  timeZone?: string
  /** "Today" is the day of this date (now by default). */
  now?: Date
  /**
   * The plan's start, t = 0 of its APR: the eligibility check (`PlansAnswer.checked_at`) or the
   * order's date. Default: see `planApr`.
   */
  start?: Date | string | number
  messages?: Partial<BnplMessages>
}

export type ScheduleRow = {
  index: number
  /**
   * "Today" for an instalment due today, else the date in the customer's locale; for a
   * pay-at-shipment plan, "When your order ships" (first row) or "Instalment 2": no dates.
   */
  due: string
  /** ISO date (yyyy-mm-dd) of the due date, for `<time dateTime>`; absent for a pay-at-shipment plan. */
  dueDate?: string
  amount: string
  /** "incl. 1.88 € fees" when this instalment carries fees or interest. */
  fees?: string
  /** Those fees or interest alone ("€1.88"). */
  feesAmount?: string
  label: string
}

export type FormattedPlan = {
  key: string
  eligible: boolean
  /** "Pay in 3 instalments". */
  label: string
  /** "3 × 43.30 €" (eligible plans). */
  title?: string
  /**
   * The plan's headline: what is due today, then the rest ("45.18 € today, then 2 × 43.30 €"),
   * so the fees of a first instalment are not hidden behind "3 × 43.30 €"; the title when
   * nothing is due today (deferred, pay at shipment) or all is.
   */
  headline?: string
  /** "30 days", "1 month": when the (first) payment is deferred. */
  deferral?: string
  /** "Available from 50.00 €" (ineligible plans). */
  reason?: string
  /** "45.18 € today, incl. 1.88 € fees"; "45.18 € when your order ships, ..." for pay at shipment. */
  firstInstalment?: string
  /** "Due today: 45.18 €" (what the customer pays before leaving the hosted page; 0 for a deferred or pay-at-shipment plan). */
  dueToday?: string
  /** That amount alone ("45.18 €"). */
  dueTodayAmount?: string
  /** Pay at shipment, said plainly: "Nothing to pay today: your first instalment is taken when your order ships". */
  payAtShipment?: string
  schedule: ScheduleRow[]
  /** "Cost of the plan: 1.88 €", "Cost of the plan: 0.00 €" for a plan that costs nothing. */
  totalCost?: string
  /** That cost alone ("€1.88", "€0.00"). */
  costAmount?: string
  /** "APR 18.3%" ("TAEG 18,3 %"...): the service's, else computed from the schedule (Annex I); absent for no credit. */
  apr?: string
  /** The APR in percent (18.3). */
  aprPercent?: number
  /** "(1.45 % of the purchase)": only for plans of at most 4 instalments. */
  totalCostRate?: string
  /** "Total: 131.78 €". */
  total?: string
}

/** Cents → "43,30 €" / "€43.30" in the customer's locale. */
export function formatMoney(cents: number, currencyCode: string, locale: string): string {
  const digits = currencyDigits(currencyCode)
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 10 ** digits)
}

function deferralText(plan: Plan, m: BnplMessages): string | undefined {
  if (plan.pay_at_shipment) return undefined
  if (plan.deferred_days) return m.days(plan.deferred_days)
  if (plan.deferred_months) return m.months(plan.deferred_months)
  return undefined
}

/** "Pay in 3 instalments", "Pay in 30 days", "Pay in 4 instalments, the first in 1 month". */
export function planLabel(plan: Plan, m: BnplMessages): string {
  if (plan.pay_at_shipment) return m.payAtShipmentLabel(plan.installments_count)
  const deferral = deferralText(plan, m)
  if (!deferral) return m.planLabel(plan.installments_count)
  return plan.installments_count === 1 ? m.deferredLabel(deferral) : m.deferredPlanLabel(plan.installments_count, deferral)
}

/** 18.3 → "18.3%" ("18,3 %" in French): one decimal as Annex I asks, two when the service gives them. */
export const percent = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value / 100)

const dayOf = (date: Date, timeZone?: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date)

/**
 * Display-ready texts for one plan of an eligibility answer: its title, its schedule with due
 * dates in the customer's locale, the first instalment with its fees, the total cost. Obeys the
 * contract: the cost rate is never given for plans of more than 4 instalments (credit, where it
 * is informative only), and an ineligible plan says why, from its `constraints`.
 */
export function formatPlan(plan: Plan, options: FormatPlanOptions): FormattedPlan {
  const { locale, currencyCode, timeZone } = options
  const m = messagesFor(locale, options.messages)
  const money = (cents: number) => formatMoney(cents, currencyCode, locale)
  const base = { key: planKey(plan), eligible: plan.eligible, label: planLabel(plan, m) }

  if (!plan.eligible || !plan.payment_plan?.length) {
    return { ...base, eligible: false, reason: ineligibleReason(plan, options.purchaseAmount, money, m), schedule: [] }
  }

  const today = dayOf(options.now ?? new Date(), timeZone)
  const dateText = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone })
  // Pay at shipment: the service's due dates only count from the shipment, unknown today.
  const atShipment = !!plan.pay_at_shipment
  const schedule = plan.payment_plan.map((instalment, i): ScheduleRow => {
    const extra = instalment.customer_fee + instalment.customer_interest
    const fees = extra > 0 ? { fees: m.includingFees(money(extra)), feesAmount: money(extra) } : {}
    const row = { index: i + 1, label: m.instalment(i + 1), amount: money(instalment.total_amount), ...fees }
    if (atShipment) return { ...row, due: i === 0 ? m.atShipment : m.instalment(i + 1) }
    const date = new Date(instalment.due_date * 1000)
    const dueDate = dayOf(date, timeZone)
    return {
      ...row,
      due: dueDate === today ? m.today : dateText.format(date),
      dueDate,
    }
  })
  const dueToday = atShipment
    ? 0
    : plan.payment_plan.reduce((sum, i, index) => (schedule[index].dueDate === today ? sum + i.total_amount : sum), 0)
  // The title shows the regular instalment (the last): the first one carries the fees.
  const regular = plan.payment_plan[plan.payment_plan.length - 1].total_amount
  const deferral = deferralText(plan, m)
  const title =
    plan.installments_count === 1 && deferral
      ? m.deferredTitle(money(regular), deferral)
      : m.title(plan.installments_count, money(regular))
  const dueTodayCount = schedule.filter((row) => !atShipment && row.dueDate === today).length
  const rest = plan.installments_count - dueTodayCount
  const headline = dueToday > 0 && rest > 0 ? m.headline(money(dueToday), rest, money(regular)) : title
  const cost =
    plan.customer_total_cost_amount ??
    plan.payment_plan.reduce((sum, i) => sum + i.customer_fee + i.customer_interest, 0)
  const first = schedule[0]
  const apr = planApr(plan, options)
  const showRate = plan.installments_count <= 4 && typeof plan.customer_total_cost_bps === "number" && cost > 0
  return {
    ...base,
    title,
    headline,
    ...(deferral ? { deferral } : {}),
    firstInstalment: `${first.amount} ${first.due === m.today || atShipment ? first.due.toLowerCase() : first.due}${first.fees ? `, ${first.fees}` : ""}`,
    dueToday: m.dueToday(money(dueToday)),
    dueTodayAmount: money(dueToday),
    ...(atShipment ? { payAtShipment: m.payAtShipmentNotice(plan.installments_count) } : {}),
    schedule,
    totalCost: m.totalCost(money(cost)),
    costAmount: money(cost),
    ...(apr !== undefined ? { apr: `${m.aprName} ${percent(apr, locale)}`, aprPercent: apr } : {}),
    ...(showRate
      ? {
          totalCostRate: m.totalCostRate(
            new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(plan.customer_total_cost_bps! / 10000)
          ),
        }
      : {}),
    total: m.total(money(plan.payment_plan.reduce((sum, i) => sum + i.total_amount, 0))),
  }
}

function ineligibleReason(
  plan: Plan,
  purchaseAmount: number | undefined,
  money: (cents: number) => string,
  m: BnplMessages
): string {
  const bounds = plan.constraints?.purchase_amount
  if (!bounds || (plan.reasons && !plan.reasons.purchase_amount)) return m.notAvailable
  // A merchant's bound may have one side only (a minimum alone, say).
  const { minimum: min, maximum: max } = bounds
  if (min !== undefined && (max === undefined || (purchaseAmount !== undefined && purchaseAmount < min))) return m.availableFrom(money(min))
  if (max !== undefined && (min === undefined || (purchaseAmount !== undefined && purchaseAmount > max))) return m.availableUpTo(money(max))
  if (min === undefined || max === undefined) return m.notAvailable
  return m.availableBetween(money(min), money(max))
}
