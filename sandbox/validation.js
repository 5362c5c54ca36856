'use strict'

/**
 * Validation of the service's payment bodies, field by field with full paths
 * (`payment.shipping_info.selected_options[0].shipping_method`): each check pushes its errors
 * to `errors` so that one answer names every problem. Pure.
 */

const { fieldError, validationError } = require('./errors')
const { isObject, isHttpUrl } = require('./values')
const { languageOf } = require('./market')
const { LANGUAGES, SHIPPING_METHODS, SHIPPING_INFO_LISTS } = require('./vocabulary')

/** Plan fields shared by eligibility and creation; `allowArray`: eligibility's list of counts. */
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

/** One shipping option (contract 2.4) at `at`; `pickup_delivery` (deprecated) is noted in `deprecated`. */
function validateShippingOption(option, at, errors, deprecated) {
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
}

/** Validates a shipping_info object (contract 2.5); deprecated fields seen are pushed to `deprecated`. */
function validateShippingInfo(info, path, errors, deprecated) {
  if (!isObject(info)) return errors.push(fieldError(path, 'invalid_value', 'shipping_info must be an object', info))
  for (const key of Object.keys(info)) {
    if (!SHIPPING_INFO_LISTS.includes(key))
      errors.push(fieldError(`${path}.${key}`, 'invalid_value', `Unknown property ${key}: expected selected_options and/or available_options`))
  }
  for (const list of SHIPPING_INFO_LISTS) {
    if (info[list] === undefined) continue
    if (!Array.isArray(info[list])) {
      errors.push(fieldError(`${path}.${list}`, 'invalid_value', `${list} must be an array of shipping options`, info[list]))
      continue
    }
    info[list].forEach((option, i) => validateShippingOption(option, `${path}.${list}[${i}]`, errors, deprecated))
  }
}

/** Everything a creation body is checked for before its plan is (`body` an object holding `payment`). */
function validateCreation(body, payment, errors, deprecated) {
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
}

/** @param {any} body @returns {Record<string, any>} the `payment` object of a request body */
function requirePayment(body) {
  if (body !== undefined && !isObject(body)) throw validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])
  const payment = body && body.payment
  if (payment === undefined) throw validationError([fieldError('payment', 'missing_field', 'payment is required')])
  if (!isObject(payment)) throw validationError([fieldError('payment', 'invalid_value', 'payment must be an object', payment)])
  return payment
}

module.exports = { validatePlanFields, validateShippingInfo, validateCreation, requirePayment }
