'use strict'

/**
 * Pure eligibility and schedule maths of the sandbox service. No I/O, no clock: `now` is passed in.
 *
 * A merchant's plans are keyed by `planKey()`: "3x", "10x", "1x+15d", "1x+1m".
 * Each plan: { fee_bps?, annual_rate_bps?, minimum?, maximum? } (minimum/maximum override the merchant's range),
 * and what the account's fee plans say of it (account.js): allowed (false: listed, not sold), merchant_fee_bps,
 * merchant_fee_fixed.
 *
 * @typedef {{ fee_bps?: number, annual_rate_bps?: number, minimum?: number, maximum?: number, allowed?: boolean,
 *   merchant_fee_bps?: number, merchant_fee_fixed?: number }} Plan
 * @typedef {{ name: string, activated: boolean, revoked: boolean, minimum: number, maximum: number,
 *   plans: Record<string, Plan> }} Merchant
 * @typedef {{ purchase_amount: number, customer_fee: number, customer_interest: number,
 *   due_date: number, total_amount: number }} Instalment
 */

const DAY_SECONDS = 86400

/** @param {{installments_count: number, deferred_days?: number, deferred_months?: number}} p */
function planKey({ installments_count, deferred_days = 0, deferred_months = 0 }) {
  return `${installments_count}x` + (deferred_days ? `+${deferred_days}d` : '') + (deferred_months ? `+${deferred_months}m` : '')
}

/** @param {string} key @returns {{installments_count: number, deferred_days: number, deferred_months: number} | null} */
function parsePlanKey(key) {
  const m = /^(\d+)x(?:\+(\d+)d)?(?:\+(\d+)m)?$/.exec(key)
  if (!m) return null
  return { installments_count: Number(m[1]), deferred_days: Number(m[2] || 0), deferred_months: Number(m[3] || 0) }
}

/** Same day-of-month `months` later (clamped to the month's last day), same UTC time. @param {Date} date @param {number} months */
function addMonths(date, months) {
  const d = new Date(date.getTime())
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d
}

/** @param {Date} date */
const unixSeconds = (date) => Math.floor(date.getTime() / 1000)

/** Range that applies to a plan: the plan's own bounds, else the merchant's. @param {Merchant} merchant @param {Plan} [plan] */
function planRange(merchant, plan) {
  return {
    minimum: plan && plan.minimum != null ? plan.minimum : merchant.minimum,
    maximum: plan && plan.maximum != null ? plan.maximum : merchant.maximum,
  }
}

/**
 * Schedule of one plan: principal split evenly (remainder cents on the first instalment), the fee
 * (fee_bps of the purchase) entirely on the first instalment, interest (annual_rate_bps, actual days / 365)
 * on the outstanding principal of each period since the previous due date.
 * Non-deferred plans: first instalment due `now`, then monthly. Deferred plans: every due date shifted by
 * the deferral (days, or months).
 * @param {number} purchaseAmount cents
 * @param {{installments_count: number, deferred_days?: number, deferred_months?: number}} request
 * @param {Plan} plan
 * @param {Date} now
 * @returns {Instalment[]}
 */
function computeSchedule(purchaseAmount, request, plan, now) {
  const { installments_count: count, deferred_days = 0, deferred_months = 0 } = request
  const start = addMonths(new Date(now.getTime() + deferred_days * DAY_SECONDS * 1000), deferred_months)
  const base = Math.floor(purchaseAmount / count)
  const remainder = purchaseAmount - base * count
  const fee = Math.round((purchaseAmount * (plan.fee_bps || 0)) / 10000)
  const rate = (plan.annual_rate_bps || 0) / 10000
  /** @type {Instalment[]} */
  const schedule = []
  let outstanding = purchaseAmount
  let previousDue = unixSeconds(now)
  for (let i = 0; i < count; i++) {
    const due = unixSeconds(addMonths(start, i))
    const principal = i === 0 ? base + remainder : base
    const days = (due - previousDue) / DAY_SECONDS
    const interest = Math.round((outstanding * rate * days) / 365)
    const customerFee = i === 0 ? fee : 0
    schedule.push({
      purchase_amount: principal,
      customer_fee: customerFee,
      customer_interest: interest,
      due_date: due,
      total_amount: principal + customerFee + interest,
    })
    outstanding -= principal
    previousDue = due
  }
  return schedule
}

/**
 * Eligibility result of one plan for one amount (contract 2.2 / 2.3).
 * @param {Merchant} merchant
 * @param {{purchase_amount: number, installments_count: number, deferred_days?: number, deferred_months?: number}} request
 * @param {Date} now
 */
function evaluatePlan(merchant, request, now) {
  const installments_count = request.installments_count
  const deferred_days = request.deferred_days || 0
  const deferred_months = request.deferred_months || 0
  const head = { installments_count, deferred_days, deferred_months }
  // A plan the account lists but may not sell (`allowed: false`) is not offered.
  const offered = (/** @type {Plan | undefined} */ p) => (p && p.allowed !== false ? p : undefined)
  const plan = offered(merchant.plans[planKey(head)])
  const range = planRange(merchant, plan)
  /** @type {Record<string, string>} */
  const reasons = {}
  if (!plan) {
    const countOffered = Object.entries(merchant.plans).some(([k, p]) => offered(p) && (parsePlanKey(k) || {}).installments_count === installments_count)
    if (!countOffered) reasons.installments_count = 'invalid_value'
    else if (deferred_days) reasons.deferred_days = 'invalid_value'
    else if (deferred_months) reasons.deferred_months = 'invalid_value'
    else reasons.installments_count = 'invalid_value'
  }
  if (request.purchase_amount < range.minimum || request.purchase_amount > range.maximum) reasons.purchase_amount = 'invalid_value'
  if (Object.keys(reasons).length > 0) {
    return { eligible: false, ...head, reasons, constraints: { purchase_amount: range } }
  }
  const payment_plan = computeSchedule(request.purchase_amount, head, /** @type {Plan} */ (plan), now)
  const cost = payment_plan.reduce((sum, i) => sum + i.customer_fee + i.customer_interest, 0)
  return {
    eligible: true,
    ...head,
    customer_total_cost_amount: cost,
    customer_total_cost_bps: Math.round((cost * 10000) / request.purchase_amount),
    payment_plan,
  }
}

/**
 * Answer of `POST /v1/payments/eligibility` for an already validated payment: one object when
 * installments_count is not an array, else one result per requested count in request order.
 * @param {Merchant} merchant
 * @param {{purchase_amount: number, installments_count?: number | number[], deferred_days?: number, deferred_months?: number}} payment
 * @param {Date} now
 */
function eligibility(merchant, payment, now) {
  const { installments_count = 3, ...rest } = payment
  if (Array.isArray(installments_count)) {
    return installments_count.map((count) => evaluatePlan(merchant, { ...rest, installments_count: count }, now))
  }
  return evaluatePlan(merchant, { ...rest, installments_count }, now)
}

module.exports = { planKey, parsePlanKey, addMonths, unixSeconds, planRange, computeSchedule, evaluatePlan, eligibility }
