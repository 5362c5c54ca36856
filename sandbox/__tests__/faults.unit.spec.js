'use strict'

/** Faults of the service API: which calls they hit, and what they do to the answer. */

const { bootSandbox } = require('./harness')

const { sandbox, call, eligibility, newPayment } = bootSandbox()

describe('faults: which calls they hit', () => {
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

describe('faults: what they do', () => {
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

})
