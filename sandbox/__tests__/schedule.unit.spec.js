'use strict'

const { planKey, parsePlanKey, addMonths, computeSchedule, evaluatePlan, eligibility } = require('../schedule')
const { defaultMerchants, patchMerchant, ACTIVE_KEY } = require('../merchants')

const merchant = defaultMerchants()[ACTIVE_KEY]
const NOW = new Date('2025-01-15T09:30:00Z')
const nowSeconds = NOW.getTime() / 1000
const utc = (iso) => Date.parse(iso) / 1000
const sum = (plan, field) => plan.reduce((total, instalment) => total + instalment[field], 0)

describe('plan keys', () => {
  it('builds and parses keys for split and deferred plans', () => {
    expect(planKey({ installments_count: 3 })).toBe('3x')
    expect(planKey({ installments_count: 1, deferred_days: 15 })).toBe('1x+15d')
    expect(planKey({ installments_count: 1, deferred_months: 1 })).toBe('1x+1m')
    expect(parsePlanKey('1x+30d')).toEqual({ installments_count: 1, deferred_days: 30, deferred_months: 0 })
    expect(parsePlanKey('three')).toBeNull()
  })
})

describe('addMonths', () => {
  it('keeps the day of month and the time of day', () => {
    expect(addMonths(new Date('2025-01-15T09:30:00Z'), 2).toISOString()).toBe('2025-03-15T09:30:00.000Z')
    expect(addMonths(new Date('2025-11-15T09:30:00Z'), 3).toISOString()).toBe('2026-02-15T09:30:00.000Z')
  })
  it('clamps to the last day of shorter months (leap years included)', () => {
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z')
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z')
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 2).toISOString()).toBe('2025-03-31T10:00:00.000Z')
  })
})

describe('split payments with a fee (2x, 3x, 4x)', () => {
  it('3x: remainder cents and the whole fee on the first instalment, monthly due dates from now', () => {
    const result = evaluatePlan(merchant, { purchase_amount: 100000, installments_count: 3 }, NOW)
    expect(result).toEqual({
      eligible: true,
      installments_count: 3,
      deferred_days: 0,
      deferred_months: 0,
      customer_total_cost_amount: 1450,
      customer_total_cost_bps: 145,
      payment_plan: [
        { purchase_amount: 33334, customer_fee: 1450, customer_interest: 0, due_date: nowSeconds, total_amount: 34784 },
        { purchase_amount: 33333, customer_fee: 0, customer_interest: 0, due_date: utc('2025-02-15T09:30:00Z'), total_amount: 33333 },
        { purchase_amount: 33333, customer_fee: 0, customer_interest: 0, due_date: utc('2025-03-15T09:30:00Z'), total_amount: 33333 },
      ],
    })
  })

  it('4x: principal adds up exactly and the fee is rounded to the cent', () => {
    const { payment_plan, customer_total_cost_amount } = evaluatePlan(merchant, { purchase_amount: 10001, installments_count: 4 }, NOW)
    expect(payment_plan.map((i) => i.purchase_amount)).toEqual([2501, 2500, 2500, 2500])
    expect(sum(payment_plan, 'purchase_amount')).toBe(10001)
    expect(payment_plan.map((i) => i.customer_fee)).toEqual([220, 0, 0, 0]) // 10001 * 2.2 % = 220.02
    expect(customer_total_cost_amount).toBe(220)
  })

  it('2x is free by default', () => {
    const result = evaluatePlan(merchant, { purchase_amount: 5001, installments_count: 2 }, NOW)
    expect(result.payment_plan.map((i) => i.total_amount)).toEqual([2501, 2500])
    expect(result.customer_total_cost_bps).toBe(0)
  })
})

describe('credit (10x, 12x)', () => {
  it('12x: no fee, interest on the outstanding principal for each period, first instalment due now without interest', () => {
    const result = evaluatePlan(merchant, { purchase_amount: 100000, installments_count: 12 }, NOW)
    const plan = result.payment_plan
    expect(plan).toHaveLength(12)
    expect(sum(plan, 'purchase_amount')).toBe(100000)
    expect(plan[0]).toEqual({ purchase_amount: 8337, customer_fee: 0, customer_interest: 0, due_date: nowSeconds, total_amount: 8337 })
    // 91663 outstanding * 17.9 % * 31 days / 365, then 83330 * 17.9 % * 28 / 365
    expect(plan[1]).toMatchObject({ purchase_amount: 8333, customer_interest: 1394, total_amount: 9727, due_date: utc('2025-02-15T09:30:00Z') })
    expect(plan[2]).toMatchObject({ customer_interest: 1144, due_date: utc('2025-03-15T09:30:00Z') })
    expect(plan[11].due_date).toBe(utc('2025-12-15T09:30:00Z'))
    expect(sum(plan, 'customer_fee')).toBe(0)
    plan.slice(1).forEach((i) => expect(i.customer_interest).toBeGreaterThan(0))
    expect(result.customer_total_cost_amount).toBe(sum(plan, 'customer_interest'))
    expect(result.customer_total_cost_amount).toBe(8166)
    expect(result.customer_total_cost_bps).toBe(817)
    plan.forEach((i) => expect(i.total_amount).toBe(i.purchase_amount + i.customer_fee + i.customer_interest))
  })

  it('credit interest depends on the schedule start date', () => {
    const january = evaluatePlan(merchant, { purchase_amount: 100000, installments_count: 10 }, NOW)
    const march = evaluatePlan(merchant, { purchase_amount: 100000, installments_count: 10 }, new Date('2025-03-15T09:30:00Z'))
    expect(january.customer_total_cost_amount).not.toBe(march.customer_total_cost_amount)
  })
})

describe('deferred payment', () => {
  it('1x + 15 days: one instalment due 15 days after now, 1 % fee', () => {
    const result = evaluatePlan(merchant, { purchase_amount: 20000, installments_count: 1, deferred_days: 15 }, NOW)
    expect(result.deferred_days).toBe(15)
    expect(result.payment_plan).toEqual([
      { purchase_amount: 20000, customer_fee: 200, customer_interest: 0, due_date: nowSeconds + 15 * 86400, total_amount: 20200 },
    ])
  })

  it('1x + 30 days and 1x + 1 month', () => {
    const days = evaluatePlan(merchant, { purchase_amount: 20000, installments_count: 1, deferred_days: 30 }, NOW)
    expect(days.payment_plan[0]).toMatchObject({ customer_fee: 300, due_date: utc('2025-02-14T09:30:00Z') })
    const month = evaluatePlan(merchant, { purchase_amount: 20000, installments_count: 1, deferred_months: 1 }, new Date('2025-01-31T08:00:00Z'))
    expect(month.payment_plan[0]).toMatchObject({ customer_fee: 300, due_date: utc('2025-02-28T08:00:00Z') })
    expect(month.deferred_months).toBe(1)
  })

  it('computeSchedule shifts every due date by the deferral', () => {
    const plan = computeSchedule(3000, { installments_count: 3, deferred_days: 10 }, { fee_bps: 0 }, NOW)
    expect(plan.map((i) => i.due_date)).toEqual([utc('2025-01-25T09:30:00Z'), utc('2025-02-25T09:30:00Z'), utc('2025-03-25T09:30:00Z')])
  })
})

describe('eligibility bounds and reasons', () => {
  const notEligible = (amount, count, constraints) => ({
    eligible: false,
    installments_count: count,
    deferred_days: 0,
    deferred_months: 0,
    reasons: { purchase_amount: 'invalid_value' },
    constraints: { purchase_amount: constraints },
  })

  it('both bounds are inclusive, one cent outside is not eligible', () => {
    expect(evaluatePlan(merchant, { purchase_amount: 5000, installments_count: 3 }, NOW).eligible).toBe(true)
    expect(evaluatePlan(merchant, { purchase_amount: 500000, installments_count: 3 }, NOW).eligible).toBe(true)
    expect(evaluatePlan(merchant, { purchase_amount: 4999, installments_count: 3 }, NOW)).toEqual(notEligible(4999, 3, { minimum: 5000, maximum: 500000 }))
    expect(evaluatePlan(merchant, { purchase_amount: 500001, installments_count: 3 }, NOW)).toEqual(notEligible(500001, 3, { minimum: 5000, maximum: 500000 }))
  })

  it('credit plans have their own range', () => {
    expect(evaluatePlan(merchant, { purchase_amount: 50000, installments_count: 10 }, NOW).eligible).toBe(true)
    expect(evaluatePlan(merchant, { purchase_amount: 49999, installments_count: 12 }, NOW)).toEqual(notEligible(49999, 12, { minimum: 50000, maximum: 500000 }))
  })

  it('a plan the merchant does not offer is not eligible on installments_count (or the deferral)', () => {
    expect(evaluatePlan(merchant, { purchase_amount: 100000, installments_count: 5 }, NOW).reasons).toEqual({ installments_count: 'invalid_value' })
    expect(evaluatePlan(merchant, { purchase_amount: 100000, installments_count: 3, deferred_days: 15 }, NOW).reasons).toEqual({ deferred_days: 'invalid_value' })
    expect(evaluatePlan(merchant, { purchase_amount: 100, installments_count: 1 }, NOW).reasons).toEqual({
      installments_count: 'invalid_value',
      purchase_amount: 'invalid_value',
    })
  })

  it('one object for a single count, an array in request order for a list (even of one)', () => {
    const single = eligibility(merchant, { purchase_amount: 100000 }, NOW)
    expect(Array.isArray(single)).toBe(false)
    expect(single.installments_count).toBe(3)
    const one = eligibility(merchant, { purchase_amount: 100000, installments_count: [4] }, NOW)
    expect(one).toHaveLength(1)
    expect(one[0].installments_count).toBe(4)
    const mixed = eligibility(merchant, { purchase_amount: 20000, installments_count: [12, 2, 5] }, NOW)
    expect(mixed.map((r) => [r.installments_count, r.eligible])).toEqual([[12, false], [2, true], [5, false]])
  })
})

describe('merchant patches', () => {
  it('merges plans per key, removes plans set to null, rejects bad keys', () => {
    const patched = patchMerchant(merchant, { minimum: 1000, plans: { '3x': { fee_bps: 0 }, '2x': null, '6x': { fee_bps: 300 } } })
    expect(patched.minimum).toBe(1000)
    expect(patched.plans['3x']).toEqual({ fee_bps: 0, trigger_limit_days: 30 })
    expect(patched.plans['2x']).toBeUndefined()
    expect(evaluatePlan(patched, { purchase_amount: 60000, installments_count: 6 }, NOW).customer_total_cost_amount).toBe(1800)
    expect(merchant.plans['2x']).toEqual({ fee_bps: 0 })
    expect(() => patchMerchant(merchant, { plans: { six: {} } })).toThrow(/Invalid plan key/)
  })
})
