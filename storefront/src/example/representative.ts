import { instalmentDays, roundApr, solveAnnualRate } from "../apr"
import { exampleMessagesFor, type ExampleMessages } from "./messages"
import { formatMoney, formatPlan, percent, type FormatPlanOptions, type ScheduleRow } from "../format"
import { messagesFor, type BnplMessages } from "../messages"
import type { Plan } from "../types"

export type ExampleOptions = Omit<FormatPlanOptions, "messages"> & {
  /** Overrides any text, the kit's (`BnplMessages`) and the example's (`ExampleMessages`). */
  messages?: Partial<BnplMessages & ExampleMessages>
}

export type ExampleItem = {
  key:
    | "borrowing_rate"
    | "fees"
    | "interest"
    | "credit_amount"
    | "apr"
    | "duration"
    | "cash_price"
    | "advance_payment"
    | "cost_of_credit"
    | "total_payable"
  label: string
  value: string
}

/** A plan's representative example, display-ready: a title, its items in order, each instalment. */
export type RepresentativeExample = {
  title: string
  items: ExampleItem[]
  /** Each instalment with its date ("Today", "23 Dec 2026") and amount. */
  schedule: ScheduleRow[]
  /** Pay at shipment: what its APR assumes. */
  note?: string
}

/**
 * The representative example of Directive 2023/2225 art. 8(2) for one plan at the real price:
 * borrowing rate and charges, total amount of credit, APR, duration, cash price and advance
 * payment, total amount payable and the instalments. Consistent by construction: total payable
 * (the instalments' sum) = cash price (their purchase amounts) + cost of credit. The borrowing
 * rate is the rate of the interest alone (fees apart), by the same equation as the APR.
 * Undefined for an ineligible plan.
 */
export function representativeExample(plan: Plan, options: ExampleOptions): RepresentativeExample | undefined {
  const f = formatPlan(plan, options)
  const instalments = plan.payment_plan ?? []
  if (!f.eligible || !instalments.length) return undefined
  const m = { ...messagesFor(options.locale, options.messages), ...exampleMessagesFor(options.locale, options.messages) }
  const money = (cents: number) => formatMoney(cents, options.currencyCode, options.locale)
  const sum = (pick: (i: (typeof instalments)[number]) => number, only = (_: number) => true) =>
    instalments.reduce((total, i, index) => (only(index) ? total + pick(i) : total), 0)
  const days = instalmentDays(plan, options)
  // Paid when ordering: the instalments due at the start (none for pay at shipment).
  const atOrder = (index: number) => !plan.pay_at_shipment && days[index] === 0
  const cashPrice = sum((i) => i.purchase_amount)
  const totalPayable = sum((i) => i.total_amount)
  const borrowing = solveAnnualRate(
    [{ amount: cashPrice, years: 0 }],
    instalments.map((i, index) => ({ amount: i.purchase_amount + i.customer_interest, years: days[index] / 365 }))
  )
  const item = (key: ExampleItem["key"], label: string, value: string): ExampleItem => ({ key, label, value })
  const items = [
    item("borrowing_rate", m.borrowingRate, percent(roundApr(borrowing ?? 0), options.locale)),
    item("fees", m.fees, money(sum((i) => i.customer_fee))),
    item("interest", m.interest, money(sum((i) => i.customer_interest))),
    item("credit_amount", m.creditAmount, money(cashPrice - sum((i) => i.purchase_amount, atOrder))),
    ...(f.aprPercent !== undefined ? [item("apr", m.aprName, percent(f.aprPercent, options.locale))] : []),
    item("duration", m.duration, m.durationDays(Math.max(...days))),
    item("cash_price", m.cashPrice, money(cashPrice)),
    item("advance_payment", m.advancePayment, money(sum((i) => i.total_amount, atOrder))),
    item("cost_of_credit", m.costOfCredit, money(totalPayable - cashPrice)),
    item("total_payable", m.totalPayable, money(totalPayable)),
  ]
  return {
    title: m.exampleTitle(f.label),
    items,
    schedule: f.schedule,
    ...(plan.pay_at_shipment ? { note: m.shipmentAssumption } : {}),
  }
}
