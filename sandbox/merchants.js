'use strict'

/**
 * Default merchant accounts of the sandbox, keyed by API key.
 * Plan keys: "<count>x", "+<n>d" for deferred days, "+<n>m" for deferred months (see schedule.planKey).
 */

const { parsePlanKey } = require('./schedule')

const ACTIVE_KEY = 'sk_test_active_0000000000000000'
const INACTIVE_KEY = 'sk_test_inactive_000000000000000'

/** @returns {Record<string, import('./schedule').Plan>} */
function defaultPlans() {
  return {
    '2x': { fee_bps: 0 },
    // trigger_limit_days: the plan can be sold as pay at shipment (`deferred: "trigger"`), and
    // the shop has that many days to trigger it.
    '3x': { fee_bps: 145, trigger_limit_days: 30 },
    '4x': { fee_bps: 220, trigger_limit_days: 30 },
    '10x': { annual_rate_bps: 1790, minimum: 50000, maximum: 500000 },
    '12x': { annual_rate_bps: 1790, minimum: 50000, maximum: 500000 },
    '1x+15d': { fee_bps: 100 },
    '1x+30d': { fee_bps: 150 },
    '1x+1m': { fee_bps: 150 },
  }
}

/** A fresh copy of the default accounts. @returns {Record<string, import('./schedule').Merchant>} */
function defaultMerchants() {
  return {
    [ACTIVE_KEY]: { name: 'Demo Store', activated: true, revoked: false, minimum: 5000, maximum: 500000, plans: defaultPlans() },
    [INACTIVE_KEY]: { name: 'Pending Store', activated: false, revoked: false, minimum: 5000, maximum: 500000, plans: defaultPlans() },
  }
}

/**
 * Applies a patch to a merchant (creating it when missing). Top-level fields replace; `plans` merges per
 * plan key (a plan set to null is removed, a plan object is merged into the existing one).
 * @param {import('./schedule').Merchant | undefined} merchant
 * @param {Partial<import('./schedule').Merchant> & {plans?: Record<string, any>}} patch
 * @returns {import('./schedule').Merchant}
 */
function patchMerchant(merchant, patch) {
  const base = merchant || { name: 'Sandbox Merchant', activated: true, revoked: false, minimum: 5000, maximum: 500000, plans: defaultPlans() }
  const { plans, api_key, ...fields } = /** @type {any} */ (patch || {})
  const next = { ...base, ...fields, plans: { ...base.plans } }
  for (const [key, plan] of Object.entries(plans || {})) {
    if (!parsePlanKey(key)) throw new Error(`Invalid plan key "${key}": expected e.g. "3x", "1x+15d", "1x+1m"`)
    if (plan === null) delete next.plans[key]
    else next.plans[key] = { ...(next.plans[key] || {}), ...plan }
  }
  return next
}

module.exports = { ACTIVE_KEY, INACTIVE_KEY, defaultMerchants, defaultPlans, patchMerchant }
