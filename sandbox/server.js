'use strict'

/**
 * The sandbox: a separate, in-memory implementation of the BNPL service over real HTTP.
 * Service API under /v1 and /v2 (authenticated), hosted payment page under /pay, control API under /_sandbox.
 * See README.md for the behaviour in prose.
 */

const http = require('node:http')
const https = require('node:https')
const crypto = require('node:crypto')
const { URL } = require('node:url')
const schedule = require('./schedule')
const { defaultMerchants, patchMerchant } = require('./merchants')
const account = require('./account')

const ACCEPTED_STATES = ['in_progress', 'paid']
const SHIPPING_METHODS = ['instore', 'pickup_store', 'pickup_point', 'postal']
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const MAX_BODY_BYTES = 1024 * 1024
const GARBLED_BODY = '{"eligible": tru'
/**
 * How the service API answers `deferred_trigger_applied`, as each of the vendor's public clients
 * reads it: `timestamp` (its PHP client: null, then an int of Unix seconds), `string` (its JS
 * clients' `string | null`: the seconds as a string), `iso` (null, then an ISO 8601 date),
 * `boolean` (one client's `boolean | null`: false, then true).
 */
const TRIGGER_APPLIED_FORMS = ['timestamp', 'string', 'iso', 'boolean']

class HttpError extends Error {
  /** @param {number} status @param {any} body */
  constructor(status, body) {
    super(body.message || body.error_code)
    this.status = status
    this.body = body
  }
}

/** @param {string} field @param {string} error_code @param {string} message @param {any} [value] */
const fieldError = (field, error_code, message, value) => ({ field, error_code, ...(value !== undefined ? { value } : {}), message })
/** @param {object[]} errors */
const validationError = (errors) => new HttpError(400, { error_code: 'validation_error', errors })
/** @param {string} message */
const notFound = (message) => new HttpError(404, { error_code: 'not_found', message })
const notActivated = () =>
  new HttpError(400, {
    error_code: 'merchant_cant_create_payments',
    errors: [{ field: 'merchant', error_code: 'merchant_cant_create_payments', message: 'This merchant account is not activated yet' }],
  })

/** @param {any} v @returns {v is Record<string, any>} */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
/** @param {any} v */
const isHttpUrl = (v) => {
  try {
    return typeof v === 'string' && ['http:', 'https:'].includes(new URL(v).protocol)
  } catch {
    return false
  }
}
/** @param {string} prefix */
const randomId = (prefix) => prefix + Array.from({ length: 24 }, () => ALPHANUMERIC[crypto.randomInt(62)]).join('')
/** @param {string} base @param {string} pid */
const withPid = (base, pid) => {
  const url = new URL(base)
  url.searchParams.set('pid', pid)
  return url.toString()
}
/** Deterministic PRNG for ratio faults with a seed. @param {number} seed */
const mulberry32 = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

// ---------------------------------------------------------------- validation

/** Plan fields shared by eligibility and creation. */
function validatePlanFields(payment, errors, allowArray) {
  const amount = payment.purchase_amount
  if (amount == null) errors.push(fieldError('payment.purchase_amount', 'missing_field', 'purchase_amount is required (integer, cents)'))
  else if (!Number.isInteger(amount) || amount <= 0)
    errors.push(fieldError('payment.purchase_amount', 'invalid_value', 'purchase_amount must be a positive integer number of cents', amount))
  const count = payment.installments_count
  if (Array.isArray(count) && allowArray) {
    if (count.length === 0) errors.push(fieldError('payment.installments_count', 'invalid_value', 'installments_count must not be an empty array', count))
    count.forEach((c, i) => {
      if (!Number.isInteger(c) || c < 1)
        errors.push(fieldError(`payment.installments_count[${i}]`, 'invalid_value', 'each installments_count must be an integer >= 1', c))
    })
  } else if (count != null && (!Number.isInteger(count) || count < 1)) {
    errors.push(fieldError('payment.installments_count', 'invalid_value', `installments_count must be an integer >= 1${allowArray ? ' or an array of them' : ''}`, count))
  }
  for (const field of ['deferred_days', 'deferred_months']) {
    const v = payment[field]
    if (v != null && (!Number.isInteger(v) || v < 0)) errors.push(fieldError(`payment.${field}`, 'invalid_value', `${field} must be an integer >= 0`, v))
  }
}

/** Pay upon trigger: `deferred: "trigger"` with the text the customer reads, and no other deferral. */
function validateTrigger(payment, errors) {
  if (payment.deferred == null) {
    if (payment.deferred_description != null)
      errors.push(fieldError('payment.deferred_description', 'invalid_value', 'deferred_description is only for deferred "trigger" payments', payment.deferred_description))
    return
  }
  if (payment.deferred !== 'trigger') {
    errors.push(fieldError('payment.deferred', 'invalid_value', 'deferred must be "trigger" (or absent)', payment.deferred))
    return
  }
  if (typeof payment.deferred_description !== 'string' || !payment.deferred_description.trim())
    errors.push(fieldError('payment.deferred_description', 'missing_field', 'deferred_description (the text the customer reads) is required with deferred "trigger"', payment.deferred_description ?? null))
  if (payment.deferred_days || payment.deferred_months)
    errors.push(fieldError('payment.deferred', 'invalid_value', 'A deferred "trigger" payment takes no deferred_days or deferred_months', payment.deferred))
}

/** @type {Record<string, [(v: any) => boolean, string]>} */
const OPTION_RULES = {
  title: [(v) => typeof v === 'string' && v.trim() !== '', 'title must be a non-empty string'],
  amount: [(v) => Number.isInteger(v) && v >= 0, 'amount must be an integer >= 0 (cents)'],
  carrier: [(v) => typeof v === 'string', 'carrier must be a string (omit it when unknown)'],
  express_delivery: [(v) => typeof v === 'boolean', 'express_delivery must be a boolean'],
  pickup_delivery: [(v) => typeof v === 'boolean', 'pickup_delivery must be a boolean (deprecated: use shipping_method)'],
  shipping_method: [(v) => SHIPPING_METHODS.includes(v), `shipping_method must be one of ${SHIPPING_METHODS.join(', ')}`],
}

/** Validates a shipping_info object (contract 2.4 / 2.5); deprecated fields seen are pushed to `deprecated`. */
function validateShippingInfo(info, path, errors, deprecated) {
  if (!isObject(info)) return errors.push(fieldError(path, 'invalid_value', 'shipping_info must be an object', info))
  for (const key of Object.keys(info)) {
    if (!['selected_options', 'available_options'].includes(key))
      errors.push(fieldError(`${path}.${key}`, 'invalid_value', `Unknown property ${key}: expected selected_options and/or available_options`))
  }
  for (const list of ['selected_options', 'available_options']) {
    if (info[list] === undefined) continue
    if (!Array.isArray(info[list])) {
      errors.push(fieldError(`${path}.${list}`, 'invalid_value', `${list} must be an array of shipping options`, info[list]))
      continue
    }
    info[list].forEach((option, i) => {
      const at = `${path}.${list}[${i}]`
      if (!isObject(option)) return errors.push(fieldError(at, 'invalid_value', 'a shipping option must be an object', option))
      for (const required of ['title', 'amount']) {
        if (option[required] === undefined) errors.push(fieldError(`${at}.${required}`, 'missing_field', `${required} is required`))
      }
      for (const [key, value] of Object.entries(option)) {
        const rule = OPTION_RULES[key]
        if (!rule) errors.push(fieldError(`${at}.${key}`, 'invalid_value', `Unknown shipping option property ${key}`, value))
        else if (!rule[0](value)) errors.push(fieldError(`${at}.${key}`, 'invalid_value', rule[1], value))
        if (key === 'pickup_delivery') deprecated.push(`${at}.pickup_delivery`)
      }
    })
  }
}

/** @param {any} body @returns {Record<string, any>} the `payment` object of a request body */
function requirePayment(body) {
  if (body !== undefined && !isObject(body)) throw validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])
  const payment = body && body.payment
  if (payment === undefined) throw validationError([fieldError('payment', 'missing_field', 'payment is required')])
  if (!isObject(payment)) throw validationError([fieldError('payment', 'invalid_value', 'payment must be an object', payment)])
  return payment
}

// ---------------------------------------------------------------- server

/**
 * @param {{port?: number, host?: string, merchants?: Record<string, object>, ipnDelayMs?: number,
 *   ipnRetryDelaysMs?: number[], autoNotify?: boolean, signatureHeader?: string, now?: () => Date, quiet?: boolean,
 *   triggerAppliedAs?: 'timestamp' | 'string' | 'iso' | 'boolean'}} [opts]
 */
async function startSandbox(opts = {}) {
  const {
    port = 0,
    host = '127.0.0.1',
    ipnDelayMs = 0,
    ipnRetryDelaysMs = [200, 1000, 3000],
    autoNotify = true,
    signatureHeader = 'x-bnpl-signature',
    now = () => new Date(),
    quiet = true,
    triggerAppliedAs = 'timestamp',
  } = opts
  if (!TRIGGER_APPLIED_FORMS.includes(triggerAppliedAs))
    throw new Error(`triggerAppliedAs must be one of ${TRIGGER_APPLIED_FORMS.join(', ')}, got ${JSON.stringify(triggerAppliedAs)}`)
  const log = quiet ? () => {} : (/** @type {string} */ line) => console.log(`[bnpl-sandbox] ${line}`)
  const nowSeconds = () => schedule.unixSeconds(now())

  /** @type {Record<string, import('./schedule').Merchant>} */
  let merchants = {}
  /** @type {Map<string, any>} */
  const payments = new Map()
  /** @type {Map<string, string>} payment id -> API key of its merchant */
  const owners = new Map()
  /** @type {Map<string, string>} service order id -> its payment id */
  const orderPayments = new Map()
  /** @type {any[]} */
  const requests = []
  /** @type {any[]} */
  const ipnCalls = []
  /** @type {{spec: any, remaining: number | null, random: () => number}[]} */
  let faults = []
  const ipnTimers = new Set() // pending notifications: cancelled by reset() and close()
  const delayTimers = new Set() // delayed answers (delayMs faults): cancelled by close() only
  let closed = false

  /** A setTimeout registered in `timers` so that it can be cancelled. */
  const later = (/** @type {() => void} */ fn, /** @type {number} */ ms, timers = ipnTimers) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }
  const sleep = (/** @type {number} */ ms) => new Promise((resolve) => later(() => resolve(undefined), ms, delayTimers))
  const cancelAll = (/** @type {Set<any>} */ timers) => {
    for (const t of timers) clearTimeout(t)
    timers.clear()
  }

  function setMerchant(key, patch) {
    if (typeof key !== 'string' || !key) throw new Error('setMerchant needs an API key')
    merchants[key] = patchMerchant(merchants[key], patch)
    return merchants[key]
  }

  function reset() {
    cancelAll(ipnTimers)
    payments.clear()
    owners.clear()
    orderPayments.clear()
    requests.length = 0
    ipnCalls.length = 0
    faults = []
    merchants = defaultMerchants()
    for (const [key, patch] of Object.entries(opts.merchants || {})) setMerchant(key, patch)
  }
  reset()

  // ---------------------------------------------------------------- faults

  function setFault(spec) {
    if (!isObject(spec)) throw new Error('A fault must be an object')
    if (!['status', 'drop', 'garble', 'wrongShape', 'delayMs'].some((k) => spec[k] != null && spec[k] !== false))
      throw new Error('A fault needs one of status, drop, garble, wrongShape, delayMs')
    if (spec.count != null && (!Number.isInteger(spec.count) || spec.count < 1)) throw new Error('count must be an integer >= 1')
    if (spec.ratio != null && !(spec.ratio >= 0 && spec.ratio <= 1)) throw new Error('ratio must be between 0 and 1')
    if (spec.match?.body != null && !isObject(spec.match.body))
      throw new Error('match.body must be an object of {"field.path": value}, e.g. {"payment.deferred_days": 30}')
    const fault = { spec: { ...spec }, remaining: spec.count ?? null, random: spec.seed != null ? mulberry32(Number(spec.seed)) : Math.random }
    faults.push(fault)
    return publicFault(fault)
  }
  const publicFault = (/** @type {any} */ f) => ({ ...f.spec, ...(f.remaining != null ? { remaining: f.remaining } : {}) })
  const clearFaults = () => {
    faults = []
  }

  /** `match.body`: every dotted field path given has that value in the request's JSON body (`null` = absent). */
  const bodyMatches = (/** @type {Record<string, unknown>} */ expected, /** @type {any} */ body) =>
    Object.entries(expected).every(([field, value]) => {
      const actual = field.split('.').reduce((at, key) => (isObject(at) ? at[key] : undefined), body)
      return value === null ? actual === undefined || actual === null : JSON.stringify(actual) === JSON.stringify(value)
    })

  /** First fault matching this call (consuming one of its count), or undefined. */
  function takeFault(method, path, body) {
    for (const fault of faults) {
      const match = fault.spec.match || {}
      if (match.method && String(match.method).toUpperCase() !== method) continue
      if (match.path && !path.startsWith(match.path)) continue
      if (match.body && !bodyMatches(match.body, body)) continue
      if (fault.spec.ratio != null && !(fault.random() < fault.spec.ratio)) continue
      if (fault.remaining != null && --fault.remaining <= 0) faults = faults.filter((f) => f !== fault)
      return fault.spec
    }
    return undefined
  }
  const faultKind = (/** @type {any} */ f) =>
    f.drop ? 'drop' : f.garble ? 'garble' : f.wrongShape ? 'wrongShape' : f.status != null ? 'status' : 'delay'

  /** Eligibility: object <-> array; anything else: {}. */
  function wrongShape(json, path) {
    if (path === '/v1/payments/eligibility') return Array.isArray(json) ? json[0] || {} : [json]
    return {}
  }

  // ---------------------------------------------------------------- payments

  function expireIfDue(payment) {
    if (payment.expires_after == null || payment.expired_at != null || ACCEPTED_STATES.includes(payment.state)) return
    const deadline = payment.created + payment.expires_after * 60
    if (nowSeconds() >= deadline) payment.expired_at = deadline
  }

  function findPayment(id) {
    const payment = payments.get(id)
    if (!payment) throw notFound(`Payment ${id} not found`)
    expireIfDue(payment)
    return payment
  }

  /** A payment of the calling merchant (another merchant's payment is a 404). */
  function ownPayment(ctx, id) {
    if (owners.get(id) !== ctx.key) throw notFound(`Payment ${id} not found`)
    return findPayment(id)
  }

  /** The languages the service's hosted page and e-mails speak (its markets'). */
  const LANGUAGES = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt']
  /** "de-AT" / "pt_BR" / "nl" → its language; anything but such a string → undefined. */
  const languageOf = (locale) => (typeof locale === 'string' && /^[a-z]{2}(?:[-_][a-z]{2})?$/i.test(locale) ? locale.slice(0, 2).toLowerCase() : undefined)

  const describePlan = (p) =>
    p.deferred_trigger
      ? `${p.installments_count} instalment(s), pay at shipment${p.deferred_trigger_applied ? ' (started)' : ''}`
      : p.deferred_days ? `1 payment in ${p.deferred_days} days` : p.deferred_months ? `1 payment in ${p.deferred_months} month(s)` : `${p.installments_count} instalments`

  function eligibilityRoute(ctx) {
    if (!ctx.merchant.activated) throw notActivated()
    const payment = requirePayment(ctx.body)
    const errors = []
    validatePlanFields(payment, errors, true)
    if (errors.length) throw validationError(errors)
    const { purchase_amount, installments_count, deferred_days, deferred_months } = payment
    return schedule.eligibility(ctx.merchant, { purchase_amount, installments_count: installments_count ?? 3, deferred_days, deferred_months }, now())
  }

  function createRoute(ctx) {
    if (!ctx.merchant.activated) throw notActivated()
    const payment = requirePayment(ctx.body)
    const body = ctx.body
    const errors = []
    const deprecated = []
    validatePlanFields(payment, errors, false)
    if (payment.return_url == null) errors.push(fieldError('payment.return_url', 'missing_field', 'return_url is required'))
    for (const field of ['return_url', 'customer_cancel_url', 'ipn_callback_url']) {
      if (payment[field] != null && !isHttpUrl(payment[field]))
        errors.push(fieldError(`payment.${field}`, 'invalid_value', `${field} must be an absolute http(s) URL`, payment[field]))
    }
    if (payment.expires_after != null && (!Number.isInteger(payment.expires_after) || payment.expires_after < 1))
      errors.push(fieldError('payment.expires_after', 'invalid_value', 'expires_after must be an integer number of minutes >= 1', payment.expires_after))
    if (payment.origin != null && typeof payment.origin !== 'string') errors.push(fieldError('payment.origin', 'invalid_value', 'origin must be a string', payment.origin))
    if (payment.locale != null && !LANGUAGES.includes(languageOf(payment.locale)))
      errors.push(fieldError('payment.locale', 'invalid_value', `locale must be one of the service's languages: ${LANGUAGES.join(', ')} (optionally with a region, e.g. "de-AT")`, payment.locale))
    for (const field of ['billing_address', 'shipping_address', 'cart']) {
      if (payment[field] != null && !isObject(payment[field])) errors.push(fieldError(`payment.${field}`, 'invalid_value', `${field} must be an object`, payment[field]))
    }
    for (const field of ['customer', 'order']) {
      if (body[field] != null && !isObject(body[field])) errors.push(fieldError(field, 'invalid_value', `${field} must be an object`, body[field]))
    }
    if (payment.shipping_info != null) validateShippingInfo(payment.shipping_info, 'payment.shipping_info', errors, deprecated)
    validateTrigger(payment, errors)
    if (deprecated.length) ctx.entry.deprecated_fields_seen = deprecated
    if (errors.length) throw validationError(errors)

    const plan = { installments_count: payment.installments_count ?? 3, deferred_days: payment.deferred_days || 0, deferred_months: payment.deferred_months || 0 }
    const trigger = payment.deferred === 'trigger'
    const triggerLimitDays = trigger ? ctx.merchant.plans[schedule.planKey(plan)]?.trigger_limit_days : undefined
    if (trigger && !triggerLimitDays)
      throw validationError([fieldError('payment.deferred', 'invalid_value', `This merchant cannot sell the plan ${schedule.planKey(plan)} as pay upon trigger`, payment.deferred)])
    const result = schedule.evaluatePlan(ctx.merchant, { purchase_amount: payment.purchase_amount, ...plan }, now())
    if (!result.eligible) {
      const { minimum, maximum } = result.constraints.purchase_amount
      throw validationError(
        Object.keys(result.reasons).map((field) =>
          field === 'purchase_amount'
            ? fieldError('payment.purchase_amount', 'invalid_value', `purchase_amount must be between ${minimum} and ${maximum} cents for this plan`, payment.purchase_amount)
            : fieldError(`payment.${field}`, 'invalid_value', `This merchant does not offer the plan ${schedule.planKey(plan)} (${describePlan(plan)})`, plan[field])
        )
      )
    }
    const id = randomId('payment_')
    const created = {
      id,
      url: `${sandbox.url}/pay/${id}`,
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
      created: nowSeconds(),
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
    payments.set(id, created)
    owners.set(id, ctx.key)
    return created
  }

  function editRoute(ctx, id) {
    const payment = ownPayment(ctx, id)
    const edit = requirePayment(ctx.body)
    const errors = []
    const deprecated = []
    for (const key of Object.keys(edit)) {
      if (key !== 'shipping_info') errors.push(fieldError(`payment.${key}`, 'invalid_value', 'Only shipping_info can be edited on an existing payment'))
    }
    if (edit.shipping_info === undefined) errors.push(fieldError('payment.shipping_info', 'missing_field', 'shipping_info is required'))
    else validateShippingInfo(edit.shipping_info, 'payment.shipping_info', errors, deprecated)
    if (deprecated.length) ctx.entry.deprecated_fields_seen = deprecated
    if (errors.length) throw validationError(errors)
    payment.shipping_info = { ...(payment.shipping_info || {}), ...edit.shipping_info }
    return payment
  }

  /** Pay upon trigger, accepted, not triggered yet: nothing was taken from the customer. */
  const awaitsTrigger = (payment) => payment.deferred_trigger && !payment.deferred_trigger_applied

  /**
   * A stored payment as the service API answers it: `deferred_trigger_applied` (kept a boolean
   * in `sandbox.payments`, with the moment in `triggered_at`) in the `triggerAppliedAs` form.
   */
  function answerPayment(payment) {
    if (triggerAppliedAs === 'boolean') return payment
    const at = payment.deferred_trigger_applied ? payment.triggered_at : null
    const applied = at == null ? null : triggerAppliedAs === 'timestamp' ? at : triggerAppliedAs === 'string' ? String(at) : new Date(at * 1000).toISOString()
    return { ...payment, deferred_trigger_applied: applied }
  }

  function cancelRoute(ctx, id) {
    const payment = ownPayment(ctx, id)
    if (ACCEPTED_STATES.includes(payment.state) && awaitsTrigger(payment)) {
      // Nothing was charged: the customer's commitment simply ends.
      payment.state = 'stopped'
      for (const instalment of payment.payment_plan) if (instalment.state === 'pending') instalment.state = 'cancelled'
      if (payment.expired_at == null) payment.expired_at = nowSeconds()
      return payment
    }
    if (ACCEPTED_STATES.includes(payment.state))
      throw validationError([fieldError('state', 'invalid_value', `The payment was accepted (state ${payment.state}) and cannot be cancelled: refund it instead`, payment.state)])
    if (payment.expired_at == null) payment.expired_at = nowSeconds()
    return payment
  }

  function refundRoute(ctx, id) {
    const payment = ownPayment(ctx, id)
    const body = ctx.body === undefined ? {} : ctx.body
    if (!isObject(body)) throw validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])
    if (!ACCEPTED_STATES.includes(payment.state))
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
    payment.refunds.push({ id: randomId('refund_'), created: nowSeconds(), amount, merchant_reference: body.merchant_reference, ...(body.comment != null ? { comment: body.comment } : {}) })
    if (amount === remaining) {
      payment.state = 'paid'
      for (const instalment of payment.payment_plan) if (instalment.state === 'pending') instalment.state = 'cancelled'
    }
    return payment
  }

  /**
   * `POST /v1/payments/{id}/trigger`: the shop starts a pay-upon-trigger payment (the order
   * shipped). The first instalment is taken now and the schedule counts from today. Once only.
   */
  function triggerRoute(ctx, id) {
    const payment = ownPayment(ctx, id)
    if (!payment.deferred_trigger)
      throw validationError([fieldError('deferred', 'invalid_value', 'This payment was not created with deferred "trigger"', null)])
    if (payment.deferred_trigger_applied)
      throw validationError([fieldError('deferred_trigger_applied', 'invalid_value', 'This payment was already triggered', answerPayment(payment).deferred_trigger_applied)])
    if (payment.expired_at != null || !ACCEPTED_STATES.includes(payment.state))
      throw validationError([fieldError('state', 'invalid_value', `Only an accepted payment can be triggered; this one is ${payment.expired_at != null ? 'cancelled' : payment.state}`, payment.state)])
    const shift = nowSeconds() - payment.payment_plan[0].due_date
    for (const instalment of payment.payment_plan) instalment.due_date += shift
    payment.payment_plan[0].state = 'paid'
    if (payment.payment_plan.every((i) => i.state === 'paid')) payment.state = 'paid'
    payment.deferred_trigger_applied = true
    payment.triggered_at = nowSeconds()
    return payment
  }

  // ---------------------------------------------------------------- after the order (vendor API, not the contract)

  /** The endpoint itself is missing for a merchant without the feature: a 404 like an unknown route. */
  function requireAfterOrder(ctx, method, path) {
    if (ctx.merchant.after_order === false) throw notFound(`No route ${method} ${path}`)
  }

  const ORDER_FIELDS = ['merchant_reference', 'merchant_url', 'data']

  /** `{orders: [...]}`, or one client's `{order: {...}}`: each order validated field by field. */
  function readOrders(body) {
    if (!isObject(body)) throw validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])
    const list = body.orders !== undefined ? body.orders : body.order !== undefined ? [body.order] : undefined
    if (list === undefined) throw validationError([fieldError('orders', 'missing_field', 'orders is required (an array of {merchant_reference, merchant_url?, data?})')])
    if (!Array.isArray(list)) throw validationError([fieldError('orders', 'invalid_value', 'orders must be an array', list)])
    const errors = []
    list.forEach((order, i) => {
      const at = body.orders !== undefined ? `orders[${i}]` : 'order'
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
    })
    if (errors.length) throw validationError(errors)
    return list
  }

  /** A new service order, or the payment's order of that reference updated (an append is not a duplicate). */
  function upsertOrder(payment, fields) {
    const existing = payment.orders.find((o) => o.merchant_reference === fields.merchant_reference)
    const order = existing || { id: randomId('order_'), created: nowSeconds(), status: null, is_shipped: false, shipments: [] }
    Object.assign(order, { merchant_reference: fields.merchant_reference, merchant_url: fields.merchant_url ?? null, data: fields.data ?? null, updated: nowSeconds() })
    if (!existing) payment.orders.push(order)
    orderPayments.set(order.id, payment.id)
    return order
  }

  function ordersRoute(replace) {
    return (ctx, id) => {
      requireAfterOrder(ctx, replace ? 'POST' : 'PUT', `/v1/payments/${id}/orders`)
      const payment = ownPayment(ctx, id)
      const list = readOrders(ctx.body)
      if (!replace && !list.length) throw validationError([fieldError('orders', 'invalid_value', 'Append at least one order', list)])
      if (replace) {
        const kept = new Set(list.map((o) => o.merchant_reference))
        for (const gone of payment.orders.filter((o) => !kept.has(o.merchant_reference))) orderPayments.delete(gone.id)
        payment.orders = payment.orders.filter((o) => kept.has(o.merchant_reference))
      }
      for (const fields of list) upsertOrder(payment, fields)
      return payment
    }
  }

  function orderStatusRoute(ctx, id, reference) {
    requireAfterOrder(ctx, 'POST', `/v1/payments/${id}/orders/${reference}/status`)
    const payment = ownPayment(ctx, id)
    const order = payment.orders.find((o) => o.merchant_reference === reference)
    if (!order) throw notFound(`Payment ${id} has no order ${reference}: attach it first (POST /v1/payments/${id}/orders)`)
    const body = ctx.body
    if (!isObject(body)) throw validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])
    const errors = []
    if (body.status == null) errors.push(fieldError('status', 'missing_field', 'status is required (the shop\'s own word, e.g. shipped)'))
    else if (typeof body.status !== 'string' || body.status.trim() === '') errors.push(fieldError('status', 'invalid_value', 'status must be a non-empty string', body.status))
    if (body.is_shipped == null) errors.push(fieldError('is_shipped', 'missing_field', 'is_shipped is required (boolean)'))
    else if (typeof body.is_shipped !== 'boolean') errors.push(fieldError('is_shipped', 'invalid_value', 'is_shipped must be a boolean', body.is_shipped))
    if (errors.length) throw validationError(errors)
    Object.assign(order, { status: body.status, is_shipped: body.is_shipped, updated: nowSeconds() })
    return order
  }

  function shipmentRoute(ctx, orderId) {
    requireAfterOrder(ctx, 'POST', `/v2/orders/${orderId}/shipment`)
    const paymentId = orderPayments.get(orderId)
    if (!paymentId || owners.get(paymentId) !== ctx.key) throw notFound(`Order ${orderId} not found: attach the shop's order to its payment first`)
    const order = findPayment(paymentId).orders.find((o) => o.id === orderId)
    const body = ctx.body
    if (!isObject(body)) throw validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])
    const errors = []
    for (const key of Object.keys(body)) {
      if (!['carrier', 'tracking_number', 'tracking_url'].includes(key)) errors.push(fieldError(key, 'invalid_value', `Unknown shipment property ${key}`))
    }
    for (const field of ['carrier', 'tracking_number']) {
      if (body[field] == null) errors.push(fieldError(field, 'missing_field', `${field} is required`))
      else if (typeof body[field] !== 'string' || body[field].trim() === '') errors.push(fieldError(field, 'invalid_value', `${field} must be a non-empty string`, body[field]))
    }
    if (body.tracking_url != null && !isHttpUrl(body.tracking_url))
      errors.push(fieldError('tracking_url', 'invalid_value', 'tracking_url must be an absolute http(s) URL', body.tracking_url))
    if (errors.length) throw validationError(errors)
    order.shipments.push({ carrier: body.carrier, tracking_number: body.tracking_number, tracking_url: body.tracking_url ?? null, created: nowSeconds() })
    return order
  }

  // ---------------------------------------------------------------- the account (vendor API, not the contract)

  /** An older account (`account_api: false`) has no such endpoints; `eligibility_v2: false`: no v2 eligibility. */
  function requireFeature(ctx, feature, method, path) {
    if (ctx.merchant[feature] === false) throw notFound(`No route ${method} ${path}`)
  }

  function meRoute(ctx) {
    requireFeature(ctx, 'account_api', 'GET', '/v1/me')
    return account.me(ctx.merchant, ctx.key)
  }

  function feePlansRoute(ctx) {
    requireFeature(ctx, 'account_api', 'GET', '/v1/me/fee-plans')
    const errors = account.feePlansQueryErrors(ctx.entry.query)
    if (errors.length) throw validationError(errors)
    return account.feePlans(ctx.merchant, ctx.entry.query)
  }

  function eligibilityV2Route(ctx) {
    requireFeature(ctx, 'eligibility_v2', 'POST', '/v2/payments/eligibility')
    if (!ctx.merchant.activated) throw notActivated()
    const errors = account.v2Errors(ctx.body)
    if (errors.length) throw validationError(errors)
    return account.eligibilityV2(ctx.merchant, ctx.body, now())
  }

  const routes = [
    ['GET', /^\/v1\/me$/, meRoute],
    ['GET', /^\/v1\/me\/fee-plans$/, feePlansRoute],
    ['POST', /^\/v2\/payments\/eligibility$/, eligibilityV2Route],
    ['POST', /^\/v1\/payments\/([^/]+)\/orders$/, ordersRoute(true)],
    ['PUT', /^\/v1\/payments\/([^/]+)\/orders$/, ordersRoute(false)],
    ['POST', /^\/v1\/payments\/([^/]+)\/orders\/([^/]+)\/status$/, orderStatusRoute],
    ['POST', /^\/v2\/orders\/([^/]+)\/shipment$/, shipmentRoute],
    ['POST', /^\/v1\/payments\/eligibility$/, eligibilityRoute],
    ['POST', /^\/v1\/payments$/, createRoute],
    ['GET', /^\/v1\/payments\/([^/]+)$/, (ctx, id) => ownPayment(ctx, id)],
    ['POST', /^\/v1\/payments?\/([^/]+)$/, editRoute],
    ['PUT', /^\/v1\/payments\/([^/]+)\/cancel$/, cancelRoute],
    ['POST', /^\/v1\/payments\/([^/]+)\/refund$/, refundRoute],
    ['POST', /^\/v1\/payments\/([^/]+)\/trigger$/, triggerRoute],
  ]

  // ---------------------------------------------------------------- customer actions and IPN

  function accept(id, { notify: sendNotification = autoNotify } = {}) {
    const payment = findPayment(id)
    const redirect = withPid(payment.return_url, id)
    if (ACCEPTED_STATES.includes(payment.state)) return { redirect, payment }
    if (payment.expired_at != null) throw new HttpError(409, { error_code: 'payment_expired', message: 'This payment was cancelled or has expired and can no longer be accepted' })
    if (payment.state === 'scored_no') throw new HttpError(409, { error_code: 'payment_refused', message: 'This payment was refused and can no longer be accepted' })
    payment.state = 'in_progress'
    // Non-deferred plans charge the first instalment at acceptance; deferred plans (and pay upon
    // trigger, until the shop triggers it) charge nothing yet.
    if (!payment.deferred_days && !payment.deferred_months && !payment.deferred_trigger) payment.payment_plan[0].state = 'paid'
    if (payment.payment_plan.every((i) => i.state === 'paid')) payment.state = 'paid'
    if (sendNotification) later(() => notify(id).catch(() => {}), ipnDelayMs)
    return { redirect, payment }
  }

  function refuse(id) {
    const payment = findPayment(id)
    if (ACCEPTED_STATES.includes(payment.state)) throw new HttpError(409, { error_code: 'payment_accepted', message: 'This payment was already accepted' })
    payment.state = 'scored_no'
    return { redirect: withPid(payment.customer_cancel_url || payment.return_url, id), payment }
  }

  /** GET the URL with an HMAC signature; resolves {status} or {error}. */
  function callCallback(url, signature) {
    return new Promise((resolve) => {
      const client = url.startsWith('https:') ? https : http
      const req = client.request(url, { method: 'GET', agent: false, timeout: 5000, headers: { [signatureHeader]: signature } }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode }))
      })
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', (/** @type {Error} */ e) => resolve({ error: e.message }))
      req.end()
    })
  }

  /**
   * Sends the IPN now: GET ipn_callback_url?pid=<id>, header <signatureHeader> = hex HMAC-SHA256(API key, pid).
   * Resolves with the first attempt; failed attempts are retried in the background after ipnRetryDelaysMs.
   * Resolves null when the payment has no ipn_callback_url.
   */
  async function notify(id, attempt = 0) {
    const payment = payments.get(id)
    if (!payment) throw notFound(`Payment ${id} not found`)
    if (!payment.ipn_callback_url || closed) return null
    const url = withPid(payment.ipn_callback_url, id)
    const signature = crypto.createHmac('sha256', owners.get(id) || '').update(id).digest('hex')
    const outcome = await callCallback(url, signature)
    if (payments.get(id) !== payment) return null // reset() while the call was in flight
    const call = { pid: id, url, ...outcome, at: now().toISOString(), attempt: attempt + 1 }
    ipnCalls.push(call)
    log(`IPN ${url} -> ${outcome.status ?? outcome.error}`)
    const ok = outcome.status != null && outcome.status >= 200 && outcome.status < 300
    if (!ok && attempt < ipnRetryDelaysMs.length && !closed) later(() => notify(id, attempt + 1).catch(() => {}), ipnRetryDelaysMs[attempt])
    return call
  }

  // ---------------------------------------------------------------- hosted page

  const escape = (/** @type {any} */ s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const money = (/** @type {number} */ cents) => `${(cents / 100).toFixed(2)} €`
  const day = (/** @type {number} */ seconds) => new Date(seconds * 1000).toISOString().slice(0, 10)

  function renderPage(payment, notice) {
    const rows = payment.payment_plan
      .map((i, index) => {
        const extra = i.customer_fee + i.customer_interest
        const due = awaitsTrigger(payment) ? (index === 0 ? 'At shipment' : `${index} month(s) after shipment`) : day(i.due_date)
        return `<tr><td>${escape(due)}</td><td>${money(i.total_amount)}</td><td>${extra ? `incl. ${money(extra)} fees/interest` : ''}</td><td>${escape(i.state)}</td></tr>`
      })
      .join('')
    const id = escape(payment.id)
    const actionable = !notice && payment.state === 'not_started'
    const forms = actionable
      ? `<form method="post" action="/pay/${id}/accept"><button type="submit">Accept and pay</button></form>
<form method="post" action="/pay/${id}/refuse"><button type="submit">Refuse</button></form>
${payment.customer_cancel_url ? `<p><a class="cancel" href="${escape(withPid(payment.customer_cancel_url, payment.id))}">Cancel and return to the shop</a></p>` : ''}`
      : ''
    // WCAG 2.2 AA: the page's language, reflow at 320 px, buttons and links of 24 px or more (2.5.8).
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>BNPL sandbox payment</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:16px;max-width:640px;color:#1f2328;line-height:1.4}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #d0cdc6;overflow-wrap:anywhere}
form{display:inline-block;margin:16px 12px 0 0}button{font:inherit;min-height:44px;min-width:44px;padding:8px 18px;border-radius:8px;border:1px solid #1f2328;background:#fff;color:#1f2328;cursor:pointer}
form:first-of-type button{background:#1f2328;color:#fff}a.cancel{display:inline-block;padding:12px 0}
:focus-visible{outline:2px solid #5b3cc4;outline-offset:2px}</style></head><body><main>
<h1>BNPL sandbox: ${money(payment.purchase_amount)}</h1>
<p>Plan: ${escape(describePlan(payment))}. State: ${escape(payment.state)}.</p>
<p data-testid="customer-language">Customer's language: ${payment.locale ? escape(payment.locale) : 'not given (the service\'s default)'}. The service's own page and e-mails speak it; this sandbox page stays in English.</p>
${payment.deferred_trigger && payment.deferred_description ? `<p class="deferred" lang="${languageOf(payment.locale) ?? 'en'}">${escape(payment.deferred_description)}</p>` : ''}
${notice ? `<p class="notice">${escape(notice)}</p>` : ''}
<table><thead><tr><th>Due</th><th>Amount</th><th>Fees</th><th>State</th></tr></thead><tbody>${rows}</tbody></table>
${forms}
</main></body></html>`
  }

  function pageNotice(payment) {
    if (ACCEPTED_STATES.includes(payment.state)) return 'This payment has been accepted.'
    if (payment.expired_at != null) return 'This payment was cancelled or has expired: it can no longer be accepted.'
    if (payment.state === 'scored_no') return 'This payment was refused.'
    return ''
  }

  function hostedPage(method, path) {
    const m = /^\/pay\/([^/]+)(?:\/(accept|refuse))?$/.exec(path)
    const payment = m && payments.get(m[1])
    if (!payment) return { status: 404, html: '<!doctype html><p>Payment not found</p>' }
    expireIfDue(payment)
    if (!m[2] && method === 'GET') return { status: 200, html: renderPage(payment, pageNotice(payment)) }
    if (!m[2] || method !== 'POST') return { status: 405, html: '<!doctype html><p>Method not allowed</p>' }
    try {
      const { redirect } = m[2] === 'accept' ? accept(m[1]) : refuse(m[1])
      return { status: 302, headers: { location: redirect }, html: `<!doctype html><a href="${escape(redirect)}">Continue</a>` }
    } catch (e) {
      if (!(e instanceof HttpError)) throw e
      return { status: e.status, html: renderPage(payment, e.body.message) }
    }
  }

  // ---------------------------------------------------------------- control API

  async function control(method, path, query, rawBody) {
    let body = {}
    try {
      body = rawBody ? JSON.parse(rawBody) : {}
    } catch {
      return { status: 400, json: { error_code: 'invalid_json', message: 'Body is not valid JSON' } }
    }
    const route = `${method} ${path}`
    const paymentRoute = /^(GET|POST) \/_sandbox\/payments\/([^/]+)(?:\/(accept|refuse|notify))?$/.exec(route)
    try {
      if (route === 'GET /_sandbox/health') return { json: { ok: true } }
      if (route === 'GET /_sandbox/requests') return { json: { requests: requests.filter((r) => r.path.startsWith(query.get('path') || '')) } }
      if (route === 'DELETE /_sandbox/requests') {
        requests.length = 0
        return { json: { ok: true } }
      }
      if (route === 'GET /_sandbox/faults') return { json: { faults: faults.map(publicFault) } }
      if (route === 'POST /_sandbox/faults') return { json: { fault: setFault(body) } }
      if (route === 'DELETE /_sandbox/faults') {
        clearFaults()
        return { json: { ok: true } }
      }
      if (route === 'GET /_sandbox/merchants') return { json: { merchants } }
      if (route === 'POST /_sandbox/merchants') return { json: { api_key: body.api_key, merchant: setMerchant(body.api_key, body) } }
      if (route === 'GET /_sandbox/ipn') return { json: { calls: ipnCalls } }
      if (route === 'POST /_sandbox/reset') {
        reset()
        return { json: { ok: true } }
      }
      if (paymentRoute) {
        const [, verb, id, action] = paymentRoute
        if (verb === 'GET' && !action) return { json: { payment: findPayment(id), merchant: owners.get(id), merchant_name: merchants[owners.get(id) || '']?.name ?? null } }
        if (verb === 'POST' && action === 'accept') return { json: { redirect: accept(id, { notify: body.notify ?? autoNotify }).redirect } }
        if (verb === 'POST' && action === 'refuse') return { json: { redirect: refuse(id).redirect } }
        if (verb === 'POST' && action === 'notify') {
          const call = await notify(id)
          return { json: call ? { sent: true, ...call } : { sent: false, reason: 'payment has no ipn_callback_url' } }
        }
      }
      return { status: 404, json: { error_code: 'not_found', message: `No control route ${route}` } }
    } catch (e) {
      if (e instanceof HttpError) return { status: e.status, json: e.body }
      return { status: 400, json: { error_code: 'invalid_value', message: /** @type {Error} */ (e).message } }
    }
  }

  // ---------------------------------------------------------------- service dispatch

  function authenticate(req) {
    const m = /^Service-Auth (\S+)$/.exec(req.headers.authorization || '')
    if (!m) throw new HttpError(401, { error_code: 'unauthorized', message: 'Missing or malformed Authorization header: expected "Service-Auth <API key>"' })
    const merchant = merchants[m[1]]
    if (!merchant || merchant.revoked) throw new HttpError(401, { error_code: 'unauthorized', message: 'Invalid or revoked API key' })
    return { key: m[1], merchant }
  }

  function parseBody(req, raw) {
    if (raw === '') return undefined
    const type = String(req.headers['content-type'] || '').split(';')[0].trim().toLowerCase()
    if (type !== 'application/json')
      throw validationError([fieldError('headers.content-type', 'invalid_value', 'Request bodies must be sent with Content-Type: application/json', req.headers['content-type'] ?? null)])
    try {
      return JSON.parse(raw)
    } catch {
      throw validationError([fieldError('body', 'invalid_value', 'The request body is not valid JSON')])
    }
  }

  function handleService(req, path, raw, entry) {
    try {
      const auth = authenticate(req)
      const body = parseBody(req, raw)
      for (const [method, pattern, handler] of routes) {
        const m = /** @type {RegExp} */ (pattern).exec(path)
        if (!m || method !== req.method) continue
        const json = /** @type {Function} */ (handler)({ ...auth, body, entry }, ...m.slice(1).map((part) => decodeURIComponent(part)))
        return { status: 200, json: isObject(json) && payments.get(json.id) === json ? answerPayment(json) : json }
      }
      throw notFound(`No route ${req.method} ${path}`)
    } catch (e) {
      if (e instanceof HttpError) return { status: e.status, json: e.body }
      console.error('[bnpl-sandbox]', e)
      return { status: 500, json: { error_code: 'server_error', message: 'Internal sandbox error' } }
    }
  }

  const defaultFaultBody = (/** @type {number} */ status) =>
    status === 429
      ? { error_code: 'too_many_requests', message: 'Too many requests' }
      : status >= 500
        ? { error_code: 'server_error', message: 'Service unavailable (sandbox fault)' }
        : { error_code: 'fault', message: `Sandbox fault ${status}` }

  async function service(req, res, url, raw) {
    const path = url.pathname
    let logged = raw
    try {
      logged = raw === '' ? null : JSON.parse(raw)
    } catch {}
    const entry = { method: req.method, path, query: Object.fromEntries(url.searchParams), headers: { ...req.headers }, body: logged, at: now().toISOString(), status: null }
    requests.push(entry)
    const fault = takeFault(req.method, path, logged)
    if (fault) entry.fault = faultKind(fault)
    /** @type {any} */
    let result
    if (fault && fault.drop) result = null
    else if (fault && fault.garble) result = { status: fault.status ?? 200, raw: GARBLED_BODY }
    else if (fault && fault.status != null) {
      result = { status: fault.status, ...(typeof fault.body === 'string' ? { raw: fault.body } : { json: fault.body ?? defaultFaultBody(fault.status) }) }
    } else result = handleService(req, path, raw, entry)
    if (fault && fault.wrongShape && result && result.status < 300) result.json = wrongShape(result.json, path)
    if (fault && fault.retryAfter != null && result) result.headers = { 'retry-after': String(fault.retryAfter) }
    if (fault && fault.delayMs) await sleep(fault.delayMs)
    if (closed) return
    if (!result) return req.socket.destroy()
    entry.status = result.status
    log(`${req.method} ${path} -> ${result.status}${fault ? ` (fault: ${entry.fault})` : ''}`)
    send(res, result)
  }

  function send(res, { status = 200, json, raw, html, headers = {} }) {
    const text = html ?? raw ?? JSON.stringify(json)
    const type = html != null ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8'
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text), ...headers })
    res.end(text)
  }

  function readBody(req) {
    return new Promise((resolve, reject) => {
      const chunks = []
      let size = 0
      req.on('data', (chunk) => {
        size += chunk.length
        if (size > MAX_BODY_BYTES) reject(new Error('too large'))
        else chunks.push(chunk)
      })
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      req.on('error', reject)
    })
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url || '/', 'http://sandbox')
      let raw
      try {
        raw = await readBody(req)
      } catch {
        return send(res, { status: 413, json: { error_code: 'payload_too_large', message: 'Body over 1 MB' } })
      }
      const method = req.method || 'GET'
      if (url.pathname.startsWith('/_sandbox/')) return send(res, await control(method, url.pathname, url.searchParams, raw))
      if (url.pathname.startsWith('/pay/')) return send(res, hostedPage(method, url.pathname))
      await service(req, res, url, raw)
    } catch (e) {
      console.error('[bnpl-sandbox]', e)
      if (!res.headersSent) send(res, { status: 500, json: { error_code: 'server_error', message: 'Internal sandbox error' } })
    }
  })

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(undefined))
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  const publicHost = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host

  const sandbox = {
    url: `http://${publicHost}:${address.port}`,
    port: address.port,
    requests,
    ipnCalls,
    payments,
    get merchants() {
      return merchants
    },
    clearRequests: () => {
      requests.length = 0
    },
    reset,
    setFault,
    clearFaults,
    setMerchant,
    accept,
    refuse,
    notify: (/** @type {string} */ id) => notify(id),
    /** Stops the server, pending IPNs and delayed answers. */
    close() {
      closed = true
      cancelAll(ipnTimers)
      cancelAll(delayTimers)
      return new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
    },
  }
  return sandbox
}

module.exports = { startSandbox, HttpError }
