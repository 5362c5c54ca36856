'use strict'

/** `POST /v1/payments/eligibility` (the contract's, deprecated) and the newer `POST /v2/payments/eligibility`. */

const schedule = require('../schedule')
const account = require('../account')
const { notActivated, validationError } = require('../errors')
const { requireFeature } = require('./features')
const { requirePayment, validatePlanFields } = require('../validation')

/** @param {{state: ReturnType<typeof import('../state').createState>}} app */
function eligibilityRoutes({ state }) {
  function eligibility(ctx) {
    if (!ctx.merchant.activated) throw notActivated()
    const payment = requirePayment(ctx.body)
    const errors = []
    validatePlanFields(payment, errors, true)
    if (errors.length) throw validationError(errors)
    const { purchase_amount, installments_count, deferred_days, deferred_months } = payment
    return schedule.eligibility(ctx.merchant, { purchase_amount, installments_count: installments_count ?? 3, deferred_days, deferred_months }, state.now())
  }

  function eligibilityV2(ctx) {
    requireFeature(ctx, 'eligibility_v2', 'POST', '/v2/payments/eligibility')
    if (!ctx.merchant.activated) throw notActivated()
    const errors = account.v2Errors(ctx.body)
    if (errors.length) throw validationError(errors)
    return account.eligibilityV2(ctx.merchant, ctx.body, state.now())
  }

  return [
    ['POST', /^\/v1\/payments\/eligibility$/, eligibility],
    ['POST', /^\/v2\/payments\/eligibility$/, eligibilityV2],
  ]
}

module.exports = { eligibilityRoutes }
