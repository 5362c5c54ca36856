'use strict'

/**
 * The payment's lifecycle in the service API: create (`POST /v1/payments`), read, edit its
 * shipping_info (`POST /v1/payment/:id`, the contract's path, and `/v1/payments/:id`, the public
 * clients'), cancel, refund, and trigger (pay upon trigger).
 */

const schedule = require('../schedule')
const { fieldError, notActivated, validationError, bodyNotObject } = require('../errors')
const { isObject, randomId } = require('../values')
const { requirePayment, validateCreation, validateShippingInfo } = require('../validation')
const { isAccepted, awaitsTrigger, describePlan, answerPayment } = require('../payment-rules')

/** The 400 of a creation whose plan the merchant does not sell for this amount. */
function notEligible(result, payment, plan) {
  const { minimum, maximum } = result.constraints.purchase_amount
  return validationError(
    Object.keys(result.reasons).map((field) =>
      field === 'purchase_amount'
        ? fieldError('payment.purchase_amount', 'invalid_value', `purchase_amount must be between ${minimum} and ${maximum} cents for this plan`, payment.purchase_amount)
        : fieldError(`payment.${field}`, 'invalid_value', `This merchant does not offer the plan ${schedule.planKey(plan)} (${describePlan(plan)})`, plan[field])
    )
  )
}

/** Pending instalments are not due any more (the payment ended). */
const cancelPending = (payment) => {
  for (const instalment of payment.payment_plan) if (instalment.state === 'pending') instalment.state = 'cancelled'
}

/** The stored payment of a valid creation (`body.payment` is `payment`). */
function storedPayment({ state }, body, payment, plan, result, trigger, triggerLimitDays) {
  const id = randomId('payment_')
  return {
    id,
    url: `${state.url}/pay/${id}`,
    state: 'not_started',
    purchase_amount: payment.purchase_amount,
    ...plan,
    customer_fee: result.payment_plan.reduce((sum, i) => sum + i.customer_fee, 0),
    customer_interest: result.payment_plan.reduce((sum, i) => sum + i.customer_interest, 0),
    custom_data: payment.custom_data ?? null,
    payment_plan: result.payment_plan.map((i) => ({ ...i, state: 'pending' })),
    refunds: [],
    shipping_info: payment.shipping_info ?? null,
    return_url: payment.return_url,
    customer_cancel_url: payment.customer_cancel_url ?? null,
    ipn_callback_url: payment.ipn_callback_url ?? null,
    locale: payment.locale ?? null,
    origin: payment.origin ?? null,
    expires_after: payment.expires_after ?? null,
    created: state.nowSeconds(),
    expired_at: null,
    customer: body.customer ?? null,
    billing_address: payment.billing_address ?? null,
    shipping_address: payment.shipping_address ?? null,
    cart: payment.cart ?? null,
    order: body.order ?? null,
    orders: [],
    deferred_trigger: trigger,
    deferred_trigger_applied: false,
    deferred_description: trigger ? payment.deferred_description : null,
    deferred_trigger_limit_days: triggerLimitDays ?? null,
  }
}

/** `POST /v1/payments`: a payment of a plan the merchant sells for this amount, waiting for the customer. */
function create(app, ctx) {
  const { state } = app
  if (!ctx.merchant.activated) throw notActivated()
  const payment = requirePayment(ctx.body)
  const errors = []
  const deprecated = []
  validateCreation(ctx.body, payment, errors, deprecated)
  if (deprecated.length) ctx.entry.deprecated_fields_seen = deprecated
  if (errors.length) throw validationError(errors)

  const plan = { installments_count: payment.installments_count ?? 3, deferred_days: payment.deferred_days || 0, deferred_months: payment.deferred_months || 0 }
  const trigger = payment.deferred === 'trigger'
  const triggerLimitDays = trigger ? ctx.merchant.plans[schedule.planKey(plan)]?.trigger_limit_days : undefined
  if (trigger && !triggerLimitDays)
    throw validationError([fieldError('payment.deferred', 'invalid_value', `This merchant cannot sell the plan ${schedule.planKey(plan)} as pay upon trigger`, payment.deferred)])
  const result = schedule.evaluatePlan(ctx.merchant, { purchase_amount: payment.purchase_amount, ...plan }, state.now())
  if (!result.eligible) throw notEligible(result, payment, plan)
  const created = storedPayment(app, ctx.body, payment, plan, result, trigger, triggerLimitDays)
  state.payments.set(created.id, created)
  state.owners.set(created.id, ctx.key)
  return created
}

/** Replaces the lists of shipping_info given, keeps the other; any other field is refused. */
function edit({ state }, ctx, id) {
  const payment = state.ownPayment(ctx, id)
  const changes = requirePayment(ctx.body)
  const errors = []
  const deprecated = []
  for (const key of Object.keys(changes)) {
    if (key !== 'shipping_info') errors.push(fieldError(`payment.${key}`, 'invalid_value', 'Only shipping_info can be edited on an existing payment'))
  }
  if (changes.shipping_info === undefined) errors.push(fieldError('payment.shipping_info', 'missing_field', 'shipping_info is required'))
  else validateShippingInfo(changes.shipping_info, 'payment.shipping_info', errors, deprecated)
  if (deprecated.length) ctx.entry.deprecated_fields_seen = deprecated
  if (errors.length) throw validationError(errors)
  payment.shipping_info = { ...(payment.shipping_info || {}), ...changes.shipping_info }
  return payment
}

/** Not accepted: it expires now (idempotent); accepted: only one awaiting its trigger stops, others are refunded instead. */
function cancel({ state }, ctx, id) {
  const payment = state.ownPayment(ctx, id)
  if (isAccepted(payment) && awaitsTrigger(payment)) {
    // Nothing was charged: the customer's commitment simply ends.
    payment.state = 'stopped'
    cancelPending(payment)
    if (payment.expired_at == null) payment.expired_at = state.nowSeconds()
    return payment
  }
  if (isAccepted(payment))
    throw validationError([fieldError('state', 'invalid_value', `The payment was accepted (state ${payment.state}) and cannot be cancelled: refund it instead`, payment.state)])
  if (payment.expired_at == null) payment.expired_at = state.nowSeconds()
  return payment
}

/** Refunds principal only (fees and interest are not refundable); a full refund ends the schedule. */
function refund({ state }, ctx, id) {
  const payment = state.ownPayment(ctx, id)
  const body = ctx.body === undefined ? {} : ctx.body
  if (!isObject(body)) throw bodyNotObject()
  if (!isAccepted(payment))
    throw validationError([fieldError('state', 'invalid_value', `Only accepted payments (in_progress, paid) can be refunded; this one is ${payment.state}`, payment.state)])
  if (awaitsTrigger(payment))
    throw validationError([fieldError('state', 'invalid_value', 'Nothing was charged yet (the payment awaits its trigger): cancel it instead', payment.state)])
  const remaining = payment.purchase_amount - payment.refunds.reduce((sum, r) => sum + r.amount, 0)
  const errors = []
  if (body.merchant_reference == null) errors.push(fieldError('merchant_reference', 'missing_field', 'merchant_reference is required'))
  else if (typeof body.merchant_reference !== 'string' || body.merchant_reference === '')
    errors.push(fieldError('merchant_reference', 'invalid_value', 'merchant_reference must be a non-empty string', body.merchant_reference))
  if (body.comment != null && typeof body.comment !== 'string') errors.push(fieldError('comment', 'invalid_value', 'comment must be a string', body.comment))
  const amount = body.amount ?? remaining
  if (!Number.isInteger(amount) || amount <= 0 || amount > remaining)
    errors.push(fieldError('amount', 'invalid_value', `amount must be an integer between 1 and ${remaining} (what remains refundable, in cents)`, body.amount ?? null))
  if (errors.length) throw validationError(errors)
  payment.refunds.push({ id: randomId('refund_'), created: state.nowSeconds(), amount, merchant_reference: body.merchant_reference, ...(body.comment != null ? { comment: body.comment } : {}) })
  if (amount === remaining) {
    payment.state = 'paid'
    cancelPending(payment)
  }
  return payment
}

/**
 * `POST /v1/payments/{id}/trigger`: the shop starts a pay-upon-trigger payment (the order
 * shipped). The first instalment is taken now and the schedule counts from today. Once only.
 */
function trigger({ state, triggerAppliedAs }, ctx, id) {
  const payment = state.ownPayment(ctx, id)
  if (!payment.deferred_trigger)
    throw validationError([fieldError('deferred', 'invalid_value', 'This payment was not created with deferred "trigger"', null)])
  if (payment.deferred_trigger_applied)
    throw validationError([fieldError('deferred_trigger_applied', 'invalid_value', 'This payment was already triggered', answerPayment(payment, triggerAppliedAs).deferred_trigger_applied)])
  if (payment.expired_at != null || !isAccepted(payment))
    throw validationError([fieldError('state', 'invalid_value', `Only an accepted payment can be triggered; this one is ${payment.expired_at != null ? 'cancelled' : payment.state}`, payment.state)])
  const shift = state.nowSeconds() - payment.payment_plan[0].due_date
  for (const instalment of payment.payment_plan) instalment.due_date += shift
  payment.payment_plan[0].state = 'paid'
  if (payment.payment_plan.every((i) => i.state === 'paid')) payment.state = 'paid'
  payment.deferred_trigger_applied = true
  payment.triggered_at = state.nowSeconds()
  return payment
}

/**
 * @typedef {{state: ReturnType<typeof import('../state').createState>, triggerAppliedAs: string}} App
 * @param {App} app
 */
function paymentRoutes(app) {
  /** A handler `(app, ctx, ...params)` as a route's `(ctx, ...params)`. */
  const bind = (handler) => (ctx, ...params) => handler(app, ctx, ...params)
  return [
    ['POST', /^\/v1\/payments$/, bind(create)],
    ['GET', /^\/v1\/payments\/([^/]+)$/, (ctx, id) => app.state.ownPayment(ctx, id)],
    ['POST', /^\/v1\/payments?\/([^/]+)$/, bind(edit)],
    ['PUT', /^\/v1\/payments\/([^/]+)\/cancel$/, bind(cancel)],
    ['POST', /^\/v1\/payments\/([^/]+)\/refund$/, bind(refund)],
    ['POST', /^\/v1\/payments\/([^/]+)\/trigger$/, bind(trigger)],
  ]
}

module.exports = { paymentRoutes }
