'use strict'

/**
 * Features an account may lack (merchant patch `after_order: false`, `account_api: false`,
 * `eligibility_v2: false`): the endpoint itself is then missing, a 404 like an unknown route.
 */

const { notFound } = require('../errors')

/** @param {{merchant: Record<string, any>}} ctx @param {string} feature @param {string} method @param {string} path */
function requireFeature(ctx, feature, method, path) {
  if (ctx.merchant[feature] === false) throw notFound(`No route ${method} ${path}`)
}

module.exports = { requireFeature }
