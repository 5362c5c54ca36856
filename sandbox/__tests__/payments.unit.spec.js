'use strict'

/** The payment over HTTP: creation, reading, shipping_info edits, cancel, refund, expiry. */

const { START, bootSandbox } = require('./harness')

const { sandbox, setClock, call, newPayment } = bootSandbox()

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
})

describe('shipping_info edits', () => {
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
})

describe('cancel, refund, expiry', () => {
  it('cancels a payment not yet accepted, idempotently; refuses to cancel an accepted one', async () => {
    const { json: payment } = await newPayment()
    setClock(new Date(START.getTime() + 60000))
    const cancelled = await call('PUT', `/v1/payments/${payment.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.json).toMatchObject({ state: 'not_started', expired_at: START.getTime() / 1000 + 60 })
    setClock(new Date(START.getTime() + 120000))
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
    setClock(new Date(START.getTime() + 31 * 60000))
    expect((await call('GET', `/v1/payments/${payment.id}`)).json.expired_at).toBe(START.getTime() / 1000 + 1800)
  })
})
