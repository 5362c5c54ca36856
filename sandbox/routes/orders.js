'use strict'

/**
 * After the order (the vendor's API beyond the contract): the shop's orders attached to a payment
 * (`/v1/payments/:id/orders`, POST replaces, PUT appends), an order's status, and its shipments
 * (`/v2/orders/:order_id/shipment`, the service's order id).
 */

const { fieldError, notFound, validationError, bodyNotObject } = require('../errors')
const { isObject, isHttpUrl, randomId } = require('../values')
const { requireFeature } = require('./features')
const { ORDER_FIELDS, SHIPMENT_FIELDS } = require('../vocabulary')

/** One order of a body at `at`, field by field. */
function validateOrder(order, at, errors) {
  if (!isObject(order)) return errors.push(fieldError(at, 'invalid_value', 'an order must be an object', order))
  for (const key of Object.keys(order)) {
    if (!ORDER_FIELDS.includes(key)) errors.push(fieldError(`${at}.${key}`, 'invalid_value', `Unknown order property ${key}`))
  }
  if (order.merchant_reference == null) errors.push(fieldError(`${at}.merchant_reference`, 'missing_field', 'merchant_reference is required'))
  else if (typeof order.merchant_reference !== 'string' || order.merchant_reference.trim() === '')
    errors.push(fieldError(`${at}.merchant_reference`, 'invalid_value', 'merchant_reference must be a non-empty string', order.merchant_reference))
  if (order.merchant_url != null && !isHttpUrl(order.merchant_url))
    errors.push(fieldError(`${at}.merchant_url`, 'invalid_value', 'merchant_url must be an absolute http(s) URL', order.merchant_url))
  if (order.data != null && !isObject(order.data)) errors.push(fieldError(`${at}.data`, 'invalid_value', 'data must be an object', order.data))
}

/** `{orders: [...]}`, or one client's `{order: {...}}`: each order validated field by field. */
function readOrders(body) {
  if (!isObject(body)) throw bodyNotObject()
  const list = body.orders !== undefined ? body.orders : body.order !== undefined ? [body.order] : undefined
  if (list === undefined) throw validationError([fieldError('orders', 'missing_field', 'orders is required (an array of {merchant_reference, merchant_url?, data?})')])
  if (!Array.isArray(list)) throw validationError([fieldError('orders', 'invalid_value', 'orders must be an array', list)])
  const errors = []
  list.forEach((order, i) => validateOrder(order, body.orders !== undefined ? `orders[${i}]` : 'order', errors))
  if (errors.length) throw validationError(errors)
  return list
}

/** Problems of a status body `{status, is_shipped}`. */
function statusErrors(body) {
  const errors = []
  if (body.status == null) errors.push(fieldError('status', 'missing_field', 'status is required (the shop\'s own word, e.g. shipped)'))
  else if (typeof body.status !== 'string' || body.status.trim() === '') errors.push(fieldError('status', 'invalid_value', 'status must be a non-empty string', body.status))
  if (body.is_shipped == null) errors.push(fieldError('is_shipped', 'missing_field', 'is_shipped is required (boolean)'))
  else if (typeof body.is_shipped !== 'boolean') errors.push(fieldError('is_shipped', 'invalid_value', 'is_shipped must be a boolean', body.is_shipped))
  return errors
}

/** Problems of a shipment body `{carrier, tracking_number, tracking_url?}`. */
function shipmentErrors(body) {
  const errors = []
  for (const key of Object.keys(body)) {
    if (!SHIPMENT_FIELDS.includes(key)) errors.push(fieldError(key, 'invalid_value', `Unknown shipment property ${key}`))
  }
  for (const field of ['carrier', 'tracking_number']) {
    if (body[field] == null) errors.push(fieldError(field, 'missing_field', `${field} is required`))
    else if (typeof body[field] !== 'string' || body[field].trim() === '') errors.push(fieldError(field, 'invalid_value', `${field} must be a non-empty string`, body[field]))
  }
  if (body.tracking_url != null && !isHttpUrl(body.tracking_url))
    errors.push(fieldError('tracking_url', 'invalid_value', 'tracking_url must be an absolute http(s) URL', body.tracking_url))
  return errors
}

/** A new service order, or the payment's order of that reference updated (an append is not a duplicate). */
function upsertOrder({ state }, payment, fields) {
  const existing = payment.orders.find((o) => o.merchant_reference === fields.merchant_reference)
  const order = existing || { id: randomId('order_'), created: state.nowSeconds(), status: null, is_shipped: false, shipments: [] }
  Object.assign(order, { merchant_reference: fields.merchant_reference, merchant_url: fields.merchant_url ?? null, data: fields.data ?? null, updated: state.nowSeconds() })
  if (!existing) payment.orders.push(order)
  state.orderPayments.set(order.id, payment.id)
  return order
}

/** POST (`replace`) or PUT (append) `/v1/payments/:id/orders`. */
function attach(app, replace, ctx, id) {
  const { state } = app
  requireFeature(ctx, 'after_order', replace ? 'POST' : 'PUT', `/v1/payments/${id}/orders`)
  const payment = state.ownPayment(ctx, id)
  const list = readOrders(ctx.body)
  if (!replace && !list.length) throw validationError([fieldError('orders', 'invalid_value', 'Append at least one order', list)])
  if (replace) {
    const kept = new Set(list.map((o) => o.merchant_reference))
    for (const gone of payment.orders.filter((o) => !kept.has(o.merchant_reference))) state.orderPayments.delete(gone.id)
    payment.orders = payment.orders.filter((o) => kept.has(o.merchant_reference))
  }
  for (const fields of list) upsertOrder(app, payment, fields)
  return payment
}

/** `POST /v1/payments/:id/orders/:merchant_reference/status` `{status, is_shipped}`: answers the order. */
function setStatus({ state }, ctx, id, reference) {
  requireFeature(ctx, 'after_order', 'POST', `/v1/payments/${id}/orders/${reference}/status`)
  const payment = state.ownPayment(ctx, id)
  const order = payment.orders.find((o) => o.merchant_reference === reference)
  if (!order) throw notFound(`Payment ${id} has no order ${reference}: attach it first (POST /v1/payments/${id}/orders)`)
  if (!isObject(ctx.body)) throw bodyNotObject()
  const errors = statusErrors(ctx.body)
  if (errors.length) throw validationError(errors)
  Object.assign(order, { status: ctx.body.status, is_shipped: ctx.body.is_shipped, updated: state.nowSeconds() })
  return order
}

/** `POST /v2/orders/:order_id/shipment`: adds a tracked shipment to an order this merchant attached; answers the order. */
function addShipment({ state }, ctx, orderId) {
  requireFeature(ctx, 'after_order', 'POST', `/v2/orders/${orderId}/shipment`)
  const paymentId = state.orderPayments.get(orderId)
  if (!paymentId || state.owners.get(paymentId) !== ctx.key) throw notFound(`Order ${orderId} not found: attach the shop's order to its payment first`)
  const order = state.findPayment(paymentId).orders.find((o) => o.id === orderId)
  const body = ctx.body
  if (!isObject(body)) throw bodyNotObject()
  const errors = shipmentErrors(body)
  if (errors.length) throw validationError(errors)
  order.shipments.push({ carrier: body.carrier, tracking_number: body.tracking_number, tracking_url: body.tracking_url ?? null, created: state.nowSeconds() })
  return order
}

/** @param {{state: ReturnType<typeof import('../state').createState>}} app */
function orderRoutes(app) {
  return [
    ['POST', /^\/v1\/payments\/([^/]+)\/orders$/, (ctx, id) => attach(app, true, ctx, id)],
    ['PUT', /^\/v1\/payments\/([^/]+)\/orders$/, (ctx, id) => attach(app, false, ctx, id)],
    ['POST', /^\/v1\/payments\/([^/]+)\/orders\/([^/]+)\/status$/, (ctx, id, reference) => setStatus(app, ctx, id, reference)],
    ['POST', /^\/v2\/orders\/([^/]+)\/shipment$/, (ctx, orderId) => addShipment(app, ctx, orderId)],
  ]
}

module.exports = { orderRoutes }
