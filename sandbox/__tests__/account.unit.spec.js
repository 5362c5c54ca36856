'use strict'

/** The account over HTTP: `/v1/me`, `/v1/me/fee-plans`, `POST /v2/payments/eligibility`. */

const { ACTIVE_KEY, INACTIVE_KEY } = require('../merchants')
const { bootSandbox } = require('./harness')

const { sandbox, call, eligibility } = bootSandbox()

describe('the account: /v1/me, /v1/me/fee-plans, /v2/payments/eligibility', () => {
  it('answers the account with its name and whether it can take payments', async () => {
    const res = await call('GET', '/v1/me')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ name: 'Demo Store', can_create_payments: true, minimum_purchase_amount: 5000, maximum_purchase_amount: 500000 })
    expect((await call('GET', '/v1/me', { key: INACTIVE_KEY })).json.can_create_payments).toBe(false)
  })

  it('lists the fee plans: allowed ones by default, deferred ones on request, all with only=all', async () => {
    const keys = (plans) => plans.map((p) => `${p.installments_count}x+${p.deferred_days}d+${p.deferred_months}m`)
    const plain = await call('GET', '/v1/me/fee-plans?kind=general')
    expect(keys(plain.json)).toEqual(['2x+0d+0m', '3x+0d+0m', '4x+0d+0m', '10x+0d+0m', '12x+0d+0m'])
    const all = await call('GET', '/v1/me/fee-plans?kind=general&only=all&deferred=true')
    expect(keys(all.json)).toContain('5x+0d+0m')
    expect(keys(all.json)).toContain('1x+30d+0m')
    expect(all.json.find((p) => p.installments_count === 5).allowed).toBe(false)
    expect(all.json.find((p) => p.installments_count === 3)).toMatchObject({
      deferred_trigger_limit_days: 30, min_purchase_amount: 5000, max_purchase_amount: 500000, customer_fee_variable: 145, merchant_fee_variable: 150, merchant_fee_fixed: 15, allowed: true,
    })
    expect(all.json.find((p) => p.installments_count === 10)).toMatchObject({ min_purchase_amount: 50000, customer_lending_rate: 1790 })
  })

  it('refuses a bad fee-plans query naming the parameter', async () => {
    const res = await call('GET', '/v1/me/fee-plans?only=some')
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ field: 'only', error_code: 'invalid_value' })
  })

  it('an older account has no account endpoints (404), its eligibility still works', async () => {
    sandbox.setMerchant(ACTIVE_KEY, { account_api: false, eligibility_v2: false })
    expect((await call('GET', '/v1/me/fee-plans')).status).toBe(404)
    expect((await call('GET', '/v1/me')).status).toBe(404)
    expect((await call('POST', '/v2/payments/eligibility', { body: { purchase_amount: 10000, queries: [{ installments_count: 3 }] } })).status).toBe(404)
    expect((await eligibility({ purchase_amount: 10000, installments_count: 3 })).status).toBe(200)
  })

  it('v2 eligibility answers one result per query, in order, like v1', async () => {
    const queries = [{ installments_count: 3 }, { installments_count: 1, deferred_days: 30 }, { installments_count: 10 }, { installments_count: 5 }]
    const res = await call('POST', '/v2/payments/eligibility', { body: { purchase_amount: 20000, queries, billing_address: { country: 'FR' }, shipping_address: { country: 'FR' }, locale: 'fr' } })
    expect(res.status).toBe(200)
    expect(res.json.map((r) => [r.installments_count, r.deferred_days, r.eligible])).toEqual([[3, 0, true], [1, 30, true], [10, 0, false], [5, 0, false]])
    const v1 = await eligibility({ purchase_amount: 20000, installments_count: [3] })
    expect(res.json[0]).toEqual(v1.json[0])
  })

  it('v2 eligibility refuses bad bodies naming the field', async () => {
    const res = await call('POST', '/v2/payments/eligibility', { body: { purchase_amount: 20000, queries: [{ installments_count: 0 }], billing_address: { country: 'france' } } })
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e) => e.field)).toEqual(['queries[0].installments_count', 'billing_address.country'])
    expect((await call('POST', '/v2/payments/eligibility', { key: INACTIVE_KEY, body: { purchase_amount: 20000, queries: [{ installments_count: 3 }] } })).status).toBe(400)
  })
})
