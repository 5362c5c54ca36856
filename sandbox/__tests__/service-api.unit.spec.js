'use strict'

/** The service API over HTTP: authentication and request bodies. */

const { ACTIVE_KEY } = require('../merchants')
const { bootSandbox } = require('./harness')

const { sandbox, call, eligibility } = bootSandbox()

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['another scheme', { authorization: `Bearer ${ACTIVE_KEY}` }],
    ['lower-case scheme', { authorization: `service-auth ${ACTIVE_KEY}` }],
    ['two spaces', { authorization: `Service-Auth  ${ACTIVE_KEY}` }],
    ['unknown key', { authorization: 'Service-Auth sk_test_nope' }],
  ])('answers 401 for %s', async (_, headers) => {
    const res = await eligibility({ purchase_amount: 10000 }, { key: null, headers })
    expect(res.status).toBe(401)
    expect(res.json.error_code).toBe('unauthorized')
    expect(res.json.message).toMatch(/\S/)
  })

  it('answers 401 for a revoked key', async () => {
    sandbox.setMerchant(ACTIVE_KEY, { revoked: true })
    expect((await eligibility({ purchase_amount: 10000 })).status).toBe(401)
  })

  it('logs the Authorization header as received', async () => {
    await eligibility({ purchase_amount: 10000 })
    const res = await call('GET', '/_sandbox/requests?path=/v1/payments/eligibility', { key: null })
    expect(res.json.requests).toHaveLength(1)
    expect(res.json.requests[0]).toMatchObject({ method: 'POST', status: 200, body: { payment: { purchase_amount: 10000 } } })
    expect(res.json.requests[0].headers.authorization).toBe(`Service-Auth ${ACTIVE_KEY}`)
  })
})

describe('request bodies', () => {
  it('rejects a body without Content-Type application/json', async () => {
    const res = await eligibility({ purchase_amount: 10000 }, { headers: { 'content-type': 'text/plain' } })
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ error_code: 'validation_error', errors: [{ field: 'headers.content-type', error_code: 'invalid_value' }] })
  })
  it('accepts media type parameters', async () => {
    expect((await eligibility({ purchase_amount: 10000 }, { headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(200)
  })
  it('rejects unparsable JSON and missing fields', async () => {
    const bad = await call('POST', '/v1/payments/eligibility', { body: '{"payment":', headers: { 'content-type': 'application/json' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].field).toBe('body')
    const missing = await eligibility({})
    expect(missing.json.errors).toEqual([expect.objectContaining({ field: 'payment.purchase_amount', error_code: 'missing_field' })])
    const wrong = await eligibility({ purchase_amount: 100.5, installments_count: [3, 0] })
    expect(wrong.json.errors.map((e) => [e.field, e.error_code, e.value])).toEqual([
      ['payment.purchase_amount', 'invalid_value', 100.5],
      ['payment.installments_count[1]', 'invalid_value', 0],
    ])
  })
})
