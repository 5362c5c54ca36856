'use strict'

/** The account's own endpoints (vendor API beyond the contract): `GET /v1/me` and `GET /v1/me/fee-plans`. */

const account = require('../account')
const { validationError } = require('../errors')
const { requireFeature } = require('./features')

function accountRoutes() {
  function me(ctx) {
    requireFeature(ctx, 'account_api', 'GET', '/v1/me')
    return account.me(ctx.merchant, ctx.key)
  }

  function feePlans(ctx) {
    requireFeature(ctx, 'account_api', 'GET', '/v1/me/fee-plans')
    const errors = account.feePlansQueryErrors(ctx.entry.query)
    if (errors.length) throw validationError(errors)
    return account.feePlans(ctx.merchant, ctx.entry.query)
  }

  return [
    ['GET', /^\/v1\/me$/, me],
    ['GET', /^\/v1\/me\/fee-plans$/, feePlans],
  ]
}

module.exports = { accountRoutes }
