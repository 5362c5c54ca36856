'use strict'

/**
 * The account side of the sandbox (vendor API beyond the contract): `GET /v1/me`, `GET /v1/me/fee-plans` and
 * the newer eligibility `POST /v2/payments/eligibility`. Pure: validation and answers from a merchant and a clock.
 */

const { parsePlanKey, planRange, evaluatePlan } = require('./schedule')
const { FEE_PLAN_QUERY, PLAN_QUERY_FIELDS } = require('./vocabulary')
const { isObject } = require('./values')

const MAX_QUERIES = 20
const COUNTRY = /^[A-Z]{2}$/

/** @param {string} field @param {string} message @param {any} [value] */
const invalid = (field, message, value) => ({ field, error_code: 'invalid_value', ...(value !== undefined ? { value } : {}), message })

/** A plan key's fee plan as the service lists it (amounts in cents, fees in basis points). */
function feePlan(merchant, key, plan) {
  const head = /** @type {{installments_count: number, deferred_days: number, deferred_months: number}} */ (parsePlanKey(key))
  const range = planRange(merchant, plan)
  return {
    kind: 'general',
    ...head,
    deferred_trigger_limit_days: plan.trigger_limit_days || 0,
    min_purchase_amount: range.minimum,
    max_purchase_amount: range.maximum,
    allowed: plan.allowed !== false,
    customer_fee_variable: plan.fee_bps || 0,
    customer_fee_fixed: 0,
    customer_lending_rate: plan.annual_rate_bps || 0,
    merchant_fee_variable: plan.merchant_fee_bps || 0,
    merchant_fee_fixed: plan.merchant_fee_fixed || 0,
  }
}

/** Problems of the fee-plans query (each a validation error naming the parameter). @param {Record<string, string>} query */
function feePlansQueryErrors(query) {
  return Object.entries(FEE_PLAN_QUERY)
    .filter(([name, allowed]) => query[name] !== undefined && !allowed.includes(query[name]))
    .map(([name, allowed]) => invalid(name, `${name} must be one of ${allowed.join(', ')}`, query[name]))
}

/**
 * `GET /v1/me/fee-plans`: the merchant's plans, `only=allowed` (the default) the ones it may sell, `deferred=true`
 * also deferred plans (days, months), `kind` the sales channel (the sandbox has only online, `general`, plans).
 * @param {import('./schedule').Merchant} merchant @param {Record<string, string>} query
 */
function feePlans(merchant, query) {
  if ((query.kind || 'general') !== 'general') return []
  return Object.entries(merchant.plans)
    .map(([key, plan]) => feePlan(merchant, key, plan))
    .filter((p) => query.only === 'all' || p.allowed)
    .filter((p) => query.deferred === 'true' || (!p.deferred_days && !p.deferred_months))
}

/** `GET /v1/me`. @param {import('./schedule').Merchant} merchant @param {string} key */
function me(merchant, key) {
  return {
    id: merchant.id || `merchant_${key.slice(-8)}`,
    name: merchant.name,
    can_create_payments: !!merchant.activated,
    minimum_purchase_amount: merchant.minimum,
    maximum_purchase_amount: merchant.maximum,
    fee_plans: feePlans(merchant, { only: 'all', deferred: 'true' }),
  }
}

/** Validation errors of a v2 eligibility body (full field paths). @param {any} body */
function v2Errors(body) {
  if (!isObject(body)) return [invalid('body', 'The request body must be a JSON object')]
  const errors = []
  const amount = body.purchase_amount
  if (amount == null) errors.push({ field: 'purchase_amount', error_code: 'missing_field', message: 'purchase_amount is required (integer, cents)' })
  else if (!Number.isInteger(amount) || amount <= 0) errors.push(invalid('purchase_amount', 'purchase_amount must be a positive integer number of cents', amount))
  const queries = body.queries
  if (queries == null) errors.push({ field: 'queries', error_code: 'missing_field', message: 'queries is required (an array of {installments_count, deferred_days?, deferred_months?})' })
  else if (!Array.isArray(queries) || queries.length === 0 || queries.length > MAX_QUERIES)
    errors.push(invalid('queries', `queries must be an array of 1 to ${MAX_QUERIES} plans`, queries))
  else
    queries.forEach((q, i) => {
      if (!isObject(q)) return errors.push(invalid(`queries[${i}]`, 'a query must be an object', q))
      for (const k of Object.keys(q)) if (!PLAN_QUERY_FIELDS.includes(k)) errors.push(invalid(`queries[${i}].${k}`, `Unknown query property ${k}`))
      if (!Number.isInteger(q.installments_count) || q.installments_count < 1)
        errors.push(invalid(`queries[${i}].installments_count`, 'installments_count must be an integer >= 1', q.installments_count ?? null))
      for (const k of ['deferred_days', 'deferred_months'])
        if (q[k] != null && (!Number.isInteger(q[k]) || q[k] < 0)) errors.push(invalid(`queries[${i}].${k}`, `${k} must be an integer >= 0`, q[k]))
    })
  for (const k of ['billing_address', 'shipping_address']) {
    if (body[k] == null) continue
    if (!isObject(body[k])) errors.push(invalid(k, `${k} must be an object like {"country": "FR"}`, body[k]))
    else if (body[k].country != null && !(typeof body[k].country === 'string' && COUNTRY.test(body[k].country)))
      errors.push(invalid(`${k}.country`, 'country must be an ISO 3166-1 alpha-2 code in capitals, e.g. FR', body[k].country))
  }
  if (body.locale != null && typeof body.locale !== 'string') errors.push(invalid('locale', 'locale must be a string', body.locale))
  return errors
}

/** `POST /v2/payments/eligibility` of a validated body: one v1-shaped result per query, in query order. */
function eligibilityV2(merchant, body, now) {
  return body.queries.map((q) => evaluatePlan(merchant, { purchase_amount: body.purchase_amount, ...q }, now))
}

module.exports = { feePlans, feePlansQueryErrors, me, v2Errors, eligibilityV2 }
