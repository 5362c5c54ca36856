'use strict'

const http = require('node:http')
const crypto = require('node:crypto')
const { startSandbox } = require('../server')
const { ACTIVE_KEY, INACTIVE_KEY } = require('../merchants')

const START = new Date('2025-03-10T12:00:00Z')
let clock = START
/** @type {Awaited<ReturnType<typeof startSandbox>>} */
let sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock, ipnRetryDelaysMs: [20, 20] })
})
afterAll(() => sandbox.close())
beforeEach(() => {
  sandbox.reset()
  clock = START
})

/** Calls the sandbox over HTTP; `body` objects are sent as JSON. */
async function call(method, path, { key = ACTIVE_KEY, body, headers = {}, redirect = 'manual' } = {}) {
  const allHeaders = { ...(key ? { authorization: `Service-Auth ${key}` } : {}), ...headers }
  if (body !== undefined && typeof body !== 'string') allHeaders['content-type'] ??= 'application/json'
  const res = await fetch(sandbox.url + path, { method, headers: allHeaders, redirect, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) })
  const text = await res.text()
  let json
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, json, text, headers: res.headers }
}
const eligibility = (payment, options) => call('POST', '/v1/payments/eligibility', { body: { payment }, ...options })
const newPayment = (payment = {}, extra = {}) =>
  call('POST', '/v1/payments', { body: { payment: { purchase_amount: 100000, installments_count: 3, return_url: 'https://shop.test/return?cart=c1', ...payment }, ...extra } })
const waitFor = async (predicate, timeoutMs = 2000) => {
  const end = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

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

describe('payments', () => {
  it('creates and fetches a payment; another merchant gets 404', async () => {
    const created = await newPayment(
      { custom_data: { cart_id: 'cart_1' }, ipn_callback_url: 'http://127.0.0.1:1/ipn' },
      { customer: { email: 'jane@shop.test' } }
    )
    expect(created.status).toBe(200)
    const payment = created.json
    expect(payment.id).toMatch(/^payment_[A-Za-z0-9]{24}$/)
    expect(payment).toMatchObject({
      url: `${sandbox.url}/pay/${payment.id}`,
      state: 'not_started',
      purchase_amount: 100000,
      installments_count: 3,
      deferred_days: 0,
      deferred_months: 0,
      customer_fee: 1450,
      customer_interest: 0,
      custom_data: { cart_id: 'cart_1' },
      refunds: [],
      expired_at: null,
      created: START.getTime() / 1000,
      customer: { email: 'jane@shop.test' },
    })
    expect(payment.payment_plan.map((i) => [i.purchase_amount, i.state])).toEqual([[33334, 'pending'], [33333, 'pending'], [33333, 'pending']])
    expect((await call('GET', `/v1/payments/${payment.id}`)).json).toEqual(payment)
    sandbox.setMerchant('sk_test_other', { name: 'Other' })
    const other = await call('GET', `/v1/payments/${payment.id}`, { key: 'sk_test_other' })
    expect(other.status).toBe(404)
    expect(other.json.error_code).toBe('not_found')
  })

  it('rejects invalid creations field by field', async () => {
    const res = await call('POST', '/v1/payments', { body: { payment: { purchase_amount: 100000, installments_count: 5, return_url: 'shop.test/return' } } })
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e) => [e.field, e.error_code])).toEqual([['payment.return_url', 'invalid_value']])
    const plan = await newPayment({ installments_count: 5 })
    expect(plan.json.errors.map((e) => [e.field, e.error_code])).toEqual([['payment.installments_count', 'invalid_value']])
    const amount = await newPayment({ purchase_amount: 4999 })
    expect(amount.json.errors).toEqual([expect.objectContaining({ field: 'payment.purchase_amount', error_code: 'invalid_value', value: 4999 })])
    expect(amount.json.errors[0].message).toContain('5000')
    const missing = await call('POST', '/v1/payments', { body: { payment: { purchase_amount: 100000 } } })
    expect(missing.json.errors).toEqual([expect.objectContaining({ field: 'payment.return_url', error_code: 'missing_field' })])
  })

  it("records the customer's language, one of the service's (a region allowed), and refuses any other", async () => {
    const german = await newPayment({ locale: 'de-AT' })
    expect(german.status).toBe(200)
    expect(sandbox.payments.get(german.json.id).locale).toBe('de-AT')
    expect((await call('GET', `/pay/${german.json.id}`, { key: null })).text).toContain("Customer's language: de-AT")
    for (const locale of ['pt', 'nl_BE', 'FR']) expect((await newPayment({ locale })).status).toBe(200)
    for (const locale of ['sv-SE', 'german', 42, '']) {
      const refused = await newPayment({ locale })
      expect(refused.status).toBe(400)
      expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'payment.locale', error_code: 'invalid_value' })])
      expect(refused.json.errors[0].message).toContain('fr, en, de, es, it, nl, pt')
    }
  })

  it('edits shipping_info on both edit paths, merging the lists', async () => {
    const { json: payment } = await newPayment()
    const selected = [{ title: 'Colissimo', amount: 590, carrier: 'La Poste', shipping_method: 'postal', express_delivery: false }]
    const first = await call('POST', `/v1/payment/${payment.id}`, { body: { payment: { shipping_info: { selected_options: selected } } } })
    expect(first.status).toBe(200)
    expect(first.json.shipping_info).toEqual({ selected_options: selected })
    const available = [{ title: 'Relay', amount: 0, shipping_method: 'pickup_point' }]
    const second = await call('POST', `/v1/payments/${payment.id}`, { body: { payment: { shipping_info: { available_options: available } } } })
    expect(second.json.shipping_info).toEqual({ selected_options: selected, available_options: available })
    expect(sandbox.payments.get(payment.id).shipping_info.available_options).toEqual(available)
  })

  it('validates each shipping option and records deprecated fields', async () => {
    const { json: payment } = await newPayment()
    const res = await call('POST', `/v1/payment/${payment.id}`, {
      body: {
        payment: {
          shipping_info: {
            selected_options: [{ title: '', amount: -1, shipping_method: 'drone', colour: 'red' }],
            available_options: [{ amount: 100, pickup_delivery: true, express_delivery: 'yes' }],
          },
        },
      },
    })
    expect(res.status).toBe(400)
    expect(res.json.error_code).toBe('validation_error')
    expect(res.json.errors.map((e) => [e.field, e.error_code])).toEqual([
      ['payment.shipping_info.selected_options[0].title', 'invalid_value'],
      ['payment.shipping_info.selected_options[0].amount', 'invalid_value'],
      ['payment.shipping_info.selected_options[0].shipping_method', 'invalid_value'],
      ['payment.shipping_info.selected_options[0].colour', 'invalid_value'],
      ['payment.shipping_info.available_options[0].title', 'missing_field'],
      ['payment.shipping_info.available_options[0].express_delivery', 'invalid_value'],
    ])
    expect(sandbox.payments.get(payment.id).shipping_info).toBeNull()
    const log = sandbox.requests.filter((r) => r.path === `/v1/payment/${payment.id}`)
    expect(log[0].deprecated_fields_seen).toEqual(['payment.shipping_info.available_options[0].pickup_delivery'])
    expect(log[0].status).toBe(400)
  })

  it('cancels a payment not yet accepted, idempotently; refuses to cancel an accepted one', async () => {
    const { json: payment } = await newPayment()
    clock = new Date(START.getTime() + 60000)
    const cancelled = await call('PUT', `/v1/payments/${payment.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.json).toMatchObject({ state: 'not_started', expired_at: START.getTime() / 1000 + 60 })
    clock = new Date(START.getTime() + 120000)
    expect((await call('PUT', `/v1/payments/${payment.id}/cancel`)).json.expired_at).toBe(START.getTime() / 1000 + 60)

    const { json: accepted } = await newPayment()
    sandbox.accept(accepted.id, { notify: false })
    const refused = await call('PUT', `/v1/payments/${accepted.id}/cancel`)
    expect(refused.status).toBe(400)
    expect(refused.json.errors[0]).toMatchObject({ field: 'state', error_code: 'invalid_value', value: 'in_progress' })
    expect(refused.json.errors[0].message).toMatch(/refund/)
  })

  it('refunds accepted payments partially then fully', async () => {
    const { json: payment } = await newPayment()
    const early = await call('POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 100, merchant_reference: 'order_1' } })
    expect(early.status).toBe(400)
    expect(early.json.errors[0].field).toBe('state')
    sandbox.accept(payment.id, { notify: false })
    const partial = await call('POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 30000, merchant_reference: 'order_1' } })
    expect(partial.status).toBe(200)
    expect(partial.json.state).toBe('in_progress')
    expect(partial.json.refunds).toEqual([{ id: expect.stringMatching(/^refund_/), created: START.getTime() / 1000, amount: 30000, merchant_reference: 'order_1' }])
    const tooMuch = await call('POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 70001, merchant_reference: 'order_1' } })
    expect(tooMuch.json.errors).toEqual([expect.objectContaining({ field: 'amount', error_code: 'invalid_value', value: 70001 })])
    const noReference = await call('POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 1 } })
    expect(noReference.json.errors).toEqual([expect.objectContaining({ field: 'merchant_reference', error_code: 'missing_field' })])
    const rest = await call('POST', `/v1/payments/${payment.id}/refund`, { body: { merchant_reference: 'order_1' } })
    expect(rest.json.refunds.map((r) => r.amount)).toEqual([30000, 70000])
    expect(rest.json.state).toBe('paid')
    expect(rest.json.payment_plan.map((i) => i.state)).toEqual(['paid', 'cancelled', 'cancelled'])
  })

  it('expires a payment after expires_after minutes', async () => {
    const { json: payment } = await newPayment({ expires_after: 30 })
    clock = new Date(START.getTime() + 31 * 60000)
    expect((await call('GET', `/v1/payments/${payment.id}`)).json.expired_at).toBe(START.getTime() / 1000 + 1800)
  })
})

describe('hosted payment page', () => {
  it('shows the schedule and redirects to return_url with pid on acceptance, idempotently', async () => {
    const { json: payment } = await newPayment()
    const page = await call('GET', `/pay/${payment.id}`, { key: null })
    expect(page.status).toBe(200)
    expect(page.text).toContain('1000.00 €')
    expect(page.text).toContain('347.84 €')
    expect(page.text).toContain(`action="/pay/${payment.id}/accept"`)
    expect(page.text).toContain(`action="/pay/${payment.id}/refuse"`)
    // WCAG 2.2 AA: the page's language, a viewport for 320 px, buttons of 24 px or more (2.5.8).
    expect(page.text).toContain('<html lang="en">')
    expect(page.text).toContain('name="viewport"')
    expect(page.text).toMatch(/button\{[^}]*min-height:44px/)
    const accepted = await call('POST', `/pay/${payment.id}/accept`, { key: null })
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('location')).toBe(`https://shop.test/return?cart=c1&pid=${payment.id}`)
    const stored = sandbox.payments.get(payment.id)
    expect(stored.state).toBe('in_progress')
    expect(stored.payment_plan.map((i) => i.state)).toEqual(['paid', 'pending', 'pending'])
    const again = await call('POST', `/pay/${payment.id}/accept`, { key: null })
    expect(again.status).toBe(302)
    expect(sandbox.payments.get(payment.id).payment_plan[1].state).toBe('pending')
  })

  it('charges nothing at acceptance of a deferred plan', async () => {
    const { json: payment } = await newPayment({ purchase_amount: 20000, installments_count: 1, deferred_months: 1 })
    expect(payment.payment_plan[0].due_date).toBe(Date.parse('2025-04-10T12:00:00Z') / 1000)
    sandbox.accept(payment.id, { notify: false })
    expect(sandbox.payments.get(payment.id).state).toBe('in_progress')
    expect(sandbox.payments.get(payment.id).payment_plan[0].state).toBe('pending')
  })

  it('refuses to customer_cancel_url with pid', async () => {
    const { json: payment } = await newPayment({ customer_cancel_url: 'https://shop.test/cancel' })
    const refused = await call('POST', `/pay/${payment.id}/refuse`, { key: null })
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe(`https://shop.test/cancel?pid=${payment.id}`)
    expect(sandbox.payments.get(payment.id).state).toBe('scored_no')
  })

  it('does not accept a cancelled payment', async () => {
    const { json: payment } = await newPayment()
    await call('PUT', `/v1/payments/${payment.id}/cancel`)
    const page = await call('GET', `/pay/${payment.id}`, { key: null })
    expect(page.text).toMatch(/cancelled or has expired/)
    expect(page.text).not.toContain('/accept"')
    expect((await call('POST', `/pay/${payment.id}/accept`, { key: null })).status).toBe(409)
    expect(sandbox.payments.get(payment.id).state).toBe('not_started')
  })

  it('control API accepts like the page and shows the stored payment', async () => {
    const { json: payment } = await newPayment()
    const res = await call('POST', `/_sandbox/payments/${payment.id}/accept`, { key: null, body: { notify: false } })
    expect(res.json).toEqual({ redirect: `https://shop.test/return?cart=c1&pid=${payment.id}` })
    const stored = await call('GET', `/_sandbox/payments/${payment.id}`, { key: null })
    expect(stored.json).toMatchObject({ merchant: ACTIVE_KEY, payment: { id: payment.id, state: 'in_progress' } })
  })
})

describe('notification (IPN)', () => {
  let callbacks
  let statuses
  let receiver
  let receiverUrl
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      callbacks.push({ method: req.method, url: req.url, headers: req.headers })
      res.writeHead(statuses.shift() ?? 200)
      res.end()
    })
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks/bnpl/notification?source=test`
  })
  afterAll(() => new Promise((resolve) => receiver.close(resolve)))
  beforeEach(() => {
    callbacks = []
    statuses = []
  })

  it('calls ipn_callback_url with pid and a valid HMAC signature after acceptance', async () => {
    const { json: payment } = await newPayment({ ipn_callback_url: receiverUrl })
    await call('POST', `/pay/${payment.id}/accept`, { key: null })
    await waitFor(() => callbacks.length === 1)
    const expected = crypto.createHmac('sha256', ACTIVE_KEY).update(payment.id).digest('hex')
    expect(callbacks[0]).toMatchObject({ method: 'GET', url: `/hooks/bnpl/notification?source=test&pid=${payment.id}` })
    expect(callbacks[0].headers['x-bnpl-signature']).toBe(expected)
    await waitFor(() => sandbox.ipnCalls.length === 1)
    expect(sandbox.ipnCalls[0]).toMatchObject({ pid: payment.id, status: 200 })
  })

  it('retries after a non-2xx answer', async () => {
    statuses = [500, 503]
    const { json: payment } = await newPayment({ ipn_callback_url: receiverUrl })
    const first = await call('POST', `/_sandbox/payments/${payment.id}/notify`, { key: null })
    expect(first.json).toMatchObject({ sent: true, status: 500 })
    await waitFor(() => sandbox.ipnCalls.length === 3)
    expect(sandbox.ipnCalls.map((c) => c.status)).toEqual([500, 503, 200])
    expect(callbacks).toHaveLength(3)
  })

  it('records network errors and gives up after the configured retries', async () => {
    const { json: payment } = await newPayment({ ipn_callback_url: 'http://127.0.0.1:1/unreachable' })
    await sandbox.notify(payment.id)
    await waitFor(() => sandbox.ipnCalls.length === 3)
    await new Promise((r) => setTimeout(r, 100))
    expect(sandbox.ipnCalls).toHaveLength(3)
    expect(sandbox.ipnCalls[0].error).toMatch(/ECONNREFUSED/)
  })
})

describe('faults', () => {
  it('status with count: the next N matching calls fail, then normal answers; logged with the fault', async () => {
    sandbox.setFault({ match: { path: '/v1/payments/eligibility' }, count: 2, status: 503 })
    expect((await eligibility({ purchase_amount: 10000 })).status).toBe(503)
    const second = await eligibility({ purchase_amount: 10000 })
    expect(second.json).toEqual({ error_code: 'server_error', message: expect.any(String) })
    expect((await eligibility({ purchase_amount: 10000 })).status).toBe(200)
    expect(sandbox.requests.map((r) => [r.status, r.fault])).toEqual([[503, 'status'], [503, 'status'], [200, undefined]])
  })

  it('only matching method and path are hit; the control API never is', async () => {
    sandbox.setFault({ match: { method: 'GET', path: '/v1/payments/' }, status: 500 })
    const { json: payment } = await newPayment()
    expect(payment.id).toBeDefined()
    expect((await call('GET', `/v1/payments/${payment.id}`)).status).toBe(500)
    sandbox.setFault({ status: 500 })
    expect((await call('GET', '/_sandbox/health', { key: null })).json).toEqual({ ok: true })
  })

  it('429 with Retry-After and a custom body', async () => {
    const set = await call('POST', '/_sandbox/faults', { key: null, body: { status: 429, retryAfter: 7, count: 1 } })
    expect(set.status).toBe(200)
    expect((await call('GET', '/_sandbox/faults', { key: null })).json.faults).toEqual([{ status: 429, retryAfter: 7, count: 1, remaining: 1 }])
    const limited = await eligibility({ purchase_amount: 10000 })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(limited.json.error_code).toBe('too_many_requests')
    sandbox.setFault({ status: 400, body: { error_code: 'custom' }, count: 1 })
    expect((await eligibility({ purchase_amount: 10000 })).json).toEqual({ error_code: 'custom' })
    await call('DELETE', '/_sandbox/faults', { key: null })
    expect((await call('GET', '/_sandbox/faults', { key: null })).json.faults).toEqual([])
  })

  it('ratio with a seed is deterministic and hits only a share of calls', async () => {
    const run = async () => {
      sandbox.clearFaults()
      sandbox.setFault({ ratio: 0.5, seed: 42, status: 503 })
      const statuses = []
      for (let i = 0; i < 20; i++) statuses.push((await call('GET', '/v1/payments/payment_x')).status)
      return statuses
    }
    const first = await run()
    expect(await run()).toEqual(first)
    expect(first).toContain(503)
    expect(first).toContain(404)
    sandbox.clearFaults()
    sandbox.setFault({ ratio: 0, status: 503 })
    expect((await call('GET', '/v1/payments/payment_x')).status).toBe(404)
  })

  it('delayMs answers normally but late', async () => {
    sandbox.setFault({ delayMs: 150, count: 1 })
    const started = Date.now()
    const res = await eligibility({ purchase_amount: 10000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    expect(res.status).toBe(200)
    expect(sandbox.requests[0].fault).toBe('delay')
  })

  it('drop destroys the socket without an answer', async () => {
    sandbox.setFault({ drop: true, count: 1 })
    await expect(eligibility({ purchase_amount: 10000 })).rejects.toThrow()
    expect(sandbox.requests[0]).toMatchObject({ fault: 'drop', status: null })
  })

  it('garble answers 200 with invalid JSON', async () => {
    sandbox.setFault({ garble: true, count: 1 })
    const res = await eligibility({ purchase_amount: 10000 })
    expect(res.status).toBe(200)
    expect(res.json).toBeUndefined()
    expect(() => JSON.parse(res.text)).toThrow()
  })

  it('wrongShape swaps object and array on eligibility and empties other answers', async () => {
    sandbox.setFault({ wrongShape: true, count: 3 })
    const single = await eligibility({ purchase_amount: 10000 })
    expect(Array.isArray(single.json)).toBe(true)
    expect(single.json[0].installments_count).toBe(3)
    const list = await eligibility({ purchase_amount: 10000, installments_count: [2, 3] })
    expect(Array.isArray(list.json)).toBe(false)
    expect(list.json.installments_count).toBe(2)
    const created = await newPayment()
    expect(created.status).toBe(200)
    expect(created.json).toEqual({})
  })

  it('rejects a fault without any effect', () => {
    expect(() => sandbox.setFault({ count: 1 })).toThrow(/needs one of/)
  })

  it('match.body targets requests by field values (dotted paths; null = absent): one deferral group fails', async () => {
    sandbox.setFault({ match: { path: '/v1/payments/eligibility', body: { 'payment.deferred_days': 30 } }, status: 503 })
    const deferred = await eligibility({ purchase_amount: 10000, installments_count: [1], deferred_days: 30 })
    const instalments = await eligibility({ purchase_amount: 10000, installments_count: [3, 4] })
    const otherDeferral = await eligibility({ purchase_amount: 10000, installments_count: [1], deferred_days: 15 })
    expect([deferred.status, instalments.status, otherDeferral.status]).toEqual([503, 200, 200])
    expect(sandbox.requests.map((r) => r.fault)).toEqual(['status', undefined, undefined])

    sandbox.clearFaults()
    sandbox.setFault({ match: { body: { 'payment.deferred_days': null, 'payment.installments_count': [3, 4] } }, status: 500 })
    expect((await eligibility({ purchase_amount: 10000, installments_count: [3, 4] })).status).toBe(500)
    expect((await eligibility({ purchase_amount: 10000, installments_count: [3] })).status).toBe(200)
    expect((await eligibility({ purchase_amount: 10000, installments_count: [3, 4], deferred_days: 15 })).status).toBe(200)
  })

  it('rejects a body matcher that is not an object', () => {
    expect(() => sandbox.setFault({ match: { body: 'deferred' }, status: 500 })).toThrow(/match.body/)
  })
})

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

describe('after the order (orders, status, shipment)', () => {
  const OTHER_KEY = 'sk_test_other_00000000000000000'
  const attach = (id, body, method = 'PUT', options = {}) => call(method, `/v1/payments/${id}/orders`, { body, ...options })

  it('appends and replaces the shop orders of a payment, each with a service id; an append of a known reference updates it', async () => {
    const { json: payment } = await newPayment()
    const first = await attach(payment.id, { orders: [{ merchant_reference: '1001', merchant_url: 'https://shop.test/app/orders/o1' }] })
    expect(first.status).toBe(200)
    expect(first.json.orders).toEqual([expect.objectContaining({ id: expect.stringMatching(/^order_/), merchant_reference: '1001', merchant_url: 'https://shop.test/app/orders/o1' })])
    const again = await attach(payment.id, { orders: [{ merchant_reference: '1001', data: { note: 'x' } }] })
    expect(again.json.orders).toHaveLength(1)
    expect(again.json.orders[0]).toMatchObject({ id: first.json.orders[0].id, data: { note: 'x' } })
    await attach(payment.id, { order: { merchant_reference: '1002' } })
    expect((await call('GET', `/v1/payments/${payment.id}`)).json.orders.map((o) => o.merchant_reference)).toEqual(['1001', '1002'])
    const replaced = await attach(payment.id, { orders: [{ merchant_reference: '2000' }] }, 'POST')
    expect(replaced.json.orders.map((o) => o.merchant_reference)).toEqual(['2000'])
    expect(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`).slice(-1)).toEqual([`POST /v1/payments/${payment.id}/orders 200`])
  })

  it('rejects bad order bodies field by field', async () => {
    const { json: payment } = await newPayment()
    const res = await attach(payment.id, { orders: [{ merchant_url: 'ftp://x', data: 3, extra: true }] })
    expect(res.status).toBe(400)
    expect(res.json.error_code).toBe('validation_error')
    expect(res.json.errors.map((e) => `${e.field} ${e.error_code}`).sort()).toEqual([
      'orders[0].data invalid_value',
      'orders[0].extra invalid_value',
      'orders[0].merchant_reference missing_field',
      'orders[0].merchant_url invalid_value',
    ])
    expect((await attach(payment.id, {})).json.errors[0]).toMatchObject({ field: 'orders', error_code: 'missing_field' })
    expect((await attach(payment.id, { orders: [] })).status).toBe(400)
    expect((await attach(payment.id, { orders: 'x' }, 'POST')).status).toBe(400)
  })

  it('answers 404 for an unknown payment and for another merchant\'s payment or order', async () => {
    sandbox.setMerchant(OTHER_KEY, {})
    const { json: payment } = await newPayment()
    const { json: withOrder } = await attach(payment.id, { orders: [{ merchant_reference: '1001' }] })
    expect((await attach('payment_nope', { orders: [{ merchant_reference: '1' }] })).status).toBe(404)
    expect((await attach(payment.id, { orders: [{ merchant_reference: '1' }] }, 'PUT', { key: OTHER_KEY })).status).toBe(404)
    const status = await call('POST', `/v1/payments/${payment.id}/orders/1001/status`, { key: OTHER_KEY, body: { status: 'shipped', is_shipped: true } })
    expect(status.status).toBe(404)
    const shipment = await call('POST', `/v2/orders/${withOrder.orders[0].id}/shipment`, { key: OTHER_KEY, body: { carrier: 'colissimo', tracking_number: 'X1' } })
    expect(shipment.status).toBe(404)
    expect(shipment.json.error_code).toBe('not_found')
  })

  it('sets an order status; unknown reference 404, bad body 400', async () => {
    const { json: payment } = await newPayment()
    await attach(payment.id, { orders: [{ merchant_reference: '1001' }] })
    const ok = await call('POST', `/v1/payments/${payment.id}/orders/1001/status`, { body: { status: 'shipped', is_shipped: true } })
    expect(ok.status).toBe(200)
    expect(sandbox.payments.get(payment.id).orders[0]).toMatchObject({ status: 'shipped', is_shipped: true })
    expect((await call('POST', `/v1/payments/${payment.id}/orders/9999/status`, { body: { status: 'shipped', is_shipped: true } })).status).toBe(404)
    const bad = await call('POST', `/v1/payments/${payment.id}/orders/1001/status`, { body: { status: '', is_shipped: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.map((e) => e.field)).toEqual(['status', 'is_shipped'])
  })

  it('records tracking for an attached order; tracking for an order the payment does not have is refused', async () => {
    const { json: payment } = await newPayment()
    const { json: attached } = await attach(payment.id, { orders: [{ merchant_reference: '1001' }] })
    const orderId = attached.orders[0].id
    const body = { carrier: 'colissimo', tracking_number: '6A123', tracking_url: 'https://track.test/6A123' }
    const ok = await call('POST', `/v2/orders/${orderId}/shipment`, { body })
    expect(ok.status).toBe(200)
    expect(ok.json.shipments).toEqual([expect.objectContaining(body)])
    expect((await call('POST', '/v2/orders/order_unknown/shipment', { body })).status).toBe(404)
    const bad = await call('POST', `/v2/orders/${orderId}/shipment`, { body: { carrier: 3, tracking_url: 'nope' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.map((e) => e.field)).toEqual(['carrier', 'tracking_number', 'tracking_url'])
    // Replaced away: the service order no longer belongs to the payment.
    await attach(payment.id, { orders: [{ merchant_reference: '2000' }] }, 'POST')
    expect((await call('POST', `/v2/orders/${orderId}/shipment`, { body })).status).toBe(404)
  })

  it('a merchant without the feature gets a 404 on the endpoints themselves, the payment still readable', async () => {
    const { json: payment } = await newPayment()
    sandbox.setMerchant(ACTIVE_KEY, { after_order: false })
    const res = await attach(payment.id, { orders: [{ merchant_reference: '1001' }] })
    expect(res.status).toBe(404)
    expect(res.json.message).toMatch(/No route/)
    expect((await call('GET', `/v1/payments/${payment.id}`)).status).toBe(200)
  })

  it('faults apply to the new paths like the others', async () => {
    const { json: payment } = await newPayment()
    sandbox.setFault({ match: { path: `/v1/payments/${payment.id}/orders` }, status: 503, count: 1 })
    expect((await attach(payment.id, { orders: [{ merchant_reference: '1001' }] })).status).toBe(503)
    expect((await attach(payment.id, { orders: [{ merchant_reference: '1001' }] })).status).toBe(200)
  })
})

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

describe('pay upon trigger (pay at shipment)', () => {
  const TEXT = 'Nothing to pay today: your first instalment is taken when your order ships.'
  const triggered = (payment) => newPayment({ deferred: 'trigger', deferred_description: TEXT, ...payment })
  const accept = (id) => call('POST', `/pay/${id}/accept`, { key: null })
  const trigger = (id, options) => call('POST', `/v1/payments/${id}/trigger`, options)

  it('takes nothing at acceptance, then the first instalment at the trigger, with dates from that day; once only', async () => {
    const { json: payment } = await triggered()
    expect(payment).toMatchObject({ deferred_trigger: true, deferred_trigger_applied: null, deferred_description: TEXT, deferred_trigger_limit_days: 30 })
    const page = await call('GET', `/pay/${payment.id}`, { key: null })
    expect(page.text).toContain(TEXT)
    expect(page.text).toContain('At shipment')
    await accept(payment.id)
    let now = (await call('GET', `/v1/payments/${payment.id}`)).json
    expect(now.state).toBe('in_progress')
    expect(now.payment_plan.map((i) => i.state)).toEqual(['pending', 'pending', 'pending'])
    clock = new Date(START.getTime() + 10 * 86400_000)
    const done = await trigger(payment.id)
    expect(done.status).toBe(200)
    // The default form: the vendor's PHP client's int timestamp (README, triggerAppliedAs).
    expect(done.json).toMatchObject({ deferred_trigger_applied: clock.getTime() / 1000 })
    expect(sandbox.payments.get(payment.id).deferred_trigger_applied).toBe(true)
    expect(done.json.payment_plan.map((i) => i.state)).toEqual(['paid', 'pending', 'pending'])
    expect(done.json.payment_plan[0].due_date).toBe(clock.getTime() / 1000)
    const twice = await trigger(payment.id)
    expect(twice.status).toBe(400)
    expect(twice.json.errors[0].message).toBe('This payment was already triggered')
  })

  it('refuses what the service would refuse: a plain payment, one not accepted, another merchant, a bad body', async () => {
    const { json: plain } = await newPayment()
    await accept(plain.id)
    expect((await trigger(plain.id)).json.errors[0].message).toContain('not created with deferred "trigger"')
    const { json: waiting } = await triggered()
    const early = await trigger(waiting.id)
    expect(early.status).toBe(400)
    expect(early.json.errors[0].message).toContain('Only an accepted payment')
    sandbox.setMerchant('sk_test_other', { name: 'Other' })
    expect((await trigger(waiting.id, { key: 'sk_test_other' })).status).toBe(404)
    expect((await trigger('payment_unknown')).status).toBe(404)
    const bad = await newPayment({ deferred: 'trigger', deferred_days: 15, installments_count: 1 })
    expect(bad.json.errors.map((e) => [e.field, e.error_code])).toEqual(
      expect.arrayContaining([['payment.deferred_description', 'missing_field'], ['payment.deferred', 'invalid_value']])
    )
    const unsold = await newPayment({ deferred: 'trigger', deferred_description: TEXT, installments_count: 2 })
    expect(unsold.json.errors[0].message).toContain('cannot sell the plan 2x as pay upon trigger')
  })

  it('cancels an accepted payment awaiting its trigger (nothing was charged), and refuses to refund it', async () => {
    const { json: payment } = await triggered()
    await accept(payment.id)
    const refund = await call('POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 100, merchant_reference: 'r1' } })
    expect(refund.status).toBe(400)
    expect(refund.json.errors[0].message).toContain('cancel it instead')
    const cancelled = await call('PUT', `/v1/payments/${payment.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.json).toMatchObject({ state: 'stopped', refunds: [] })
    expect(cancelled.json.expired_at).not.toBeNull()
    expect((await trigger(payment.id)).status).toBe(400)
  })
})
