'use strict'

/** `POST /v1/payments/eligibility` over HTTP. */

const { ACTIVE_KEY, INACTIVE_KEY } = require('../merchants')
const { START, bootSandbox } = require('./harness')

const { sandbox, call, eligibility } = bootSandbox()

describe('eligibility', () => {
  it('answers one object when installments_count is not an array', async () => {
    const res = await eligibility({ purchase_amount: 100000 })
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json)).toBe(false)
    expect(res.json).toMatchObject({ eligible: true, installments_count: 3, customer_total_cost_amount: 1450, customer_total_cost_bps: 145 })
    expect(res.json.payment_plan[0].due_date).toBe(START.getTime() / 1000)
  })

  it('answers an array in request order, even for one element, with mixed results', async () => {
    const one = await eligibility({ purchase_amount: 100000, installments_count: [4] })
    expect(one.json).toHaveLength(1)
    const mixed = await eligibility({ purchase_amount: 20000, installments_count: [10, 3, 2, 7] })
    expect(mixed.json.map((r) => [r.installments_count, r.eligible])).toEqual([[10, false], [3, true], [2, true], [7, false]])
    expect(mixed.json[0]).toEqual({
      eligible: false,
      installments_count: 10,
      deferred_days: 0,
      deferred_months: 0,
      reasons: { purchase_amount: 'invalid_value' },
      constraints: { purchase_amount: { minimum: 50000, maximum: 500000 } },
    })
    expect(mixed.json[3].reasons).toEqual({ installments_count: 'invalid_value' })
  })

  it('applies the deferral to the requested counts', async () => {
    const res = await eligibility({ purchase_amount: 10000, installments_count: 1, deferred_days: 30 })
    expect(res.json).toMatchObject({ eligible: true, deferred_days: 30, customer_total_cost_amount: 150 })
  })

  it('answers 400 for a merchant that is not activated, on eligibility and creation', async () => {
    const expected = {
      error_code: 'merchant_cant_create_payments',
      errors: [{ field: 'merchant', error_code: 'merchant_cant_create_payments', message: 'This merchant account is not activated yet' }],
    }
    const res = await eligibility({ purchase_amount: 10000 }, { key: INACTIVE_KEY })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(expected)
    const created = await call('POST', '/v1/payments', { key: INACTIVE_KEY, body: { payment: { purchase_amount: 10000, return_url: 'https://shop.test/r' } } })
    expect(created.status).toBe(400)
    expect(created.json).toEqual(expected)
  })

  it('follows merchant changes from the control API', async () => {
    const res = await call('POST', '/_sandbox/merchants', { key: null, body: { api_key: ACTIVE_KEY, minimum: 20000, plans: { '3x': { fee_bps: 0 } } } })
    expect(res.status).toBe(200)
    expect((await eligibility({ purchase_amount: 19999 })).json.constraints).toEqual({ purchase_amount: { minimum: 20000, maximum: 500000 } })
    expect((await eligibility({ purchase_amount: 20000 })).json.customer_total_cost_amount).toBe(0)
  })
})
