'use strict'

/** The control API (`/_sandbox`) over HTTP. */

const { ACTIVE_KEY } = require('../merchants')
const { bootSandbox } = require('./harness')

const { sandbox, call, eligibility, newPayment } = bootSandbox()

describe('control API', () => {
  it('lists and clears requests, resets everything', async () => {
    await eligibility({ purchase_amount: 10000 })
    await newPayment()
    expect((await call('GET', '/_sandbox/requests?path=/v1/payments', { key: null })).json.requests.map((r) => r.path)).toEqual([
      '/v1/payments/eligibility',
      '/v1/payments',
    ])
    await call('DELETE', '/_sandbox/requests', { key: null })
    expect(sandbox.requests).toHaveLength(0)
    sandbox.setMerchant(ACTIVE_KEY, { activated: false })
    await call('POST', '/_sandbox/reset', { key: null })
    expect(sandbox.payments.size).toBe(0)
    expect((await eligibility({ purchase_amount: 10000 })).status).toBe(200)
  })
})
