'use strict'

/** Pay upon trigger (pay at shipment) over HTTP: creation, acceptance, `POST /v1/payments/:id/trigger`. */

const { START, bootSandbox } = require('./harness')

const { sandbox, setClock, now: clockNow, call, newPayment } = bootSandbox()

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
    setClock(new Date(START.getTime() + 10 * 86400_000))
    const done = await trigger(payment.id)
    expect(done.status).toBe(200)
    // The default form: the vendor's PHP client's int timestamp (README, triggerAppliedAs).
    expect(done.json).toMatchObject({ deferred_trigger_applied: clockNow().getTime() / 1000 })
    expect(sandbox.payments.get(payment.id).deferred_trigger_applied).toBe(true)
    expect(done.json.payment_plan.map((i) => i.state)).toEqual(['paid', 'pending', 'pending'])
    expect(done.json.payment_plan[0].due_date).toBe(clockNow().getTime() / 1000)
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
