'use strict'

/** After the order over HTTP: the shop orders of a payment, their status and shipments. */

const { ACTIVE_KEY } = require('../merchants')
const { bootSandbox } = require('./harness')

const { sandbox, call, newPayment } = bootSandbox()

const OTHER_KEY = 'sk_test_other_00000000000000000'
const attach = (id, body, method = 'PUT', options = {}) => call(method, `/v1/payments/${id}/orders`, { body, ...options })

describe('after the order: the shop orders of a payment', () => {
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

})

describe('after the order: status and shipment', () => {
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
