'use strict'

/**
 * The sandbox's in-memory state and clock: merchants, payments and who owns them, the request log,
 * the IPN calls, and the timers that reset() and close() cancel. One per startSandbox().
 */

const schedule = require('./schedule')
const { defaultMerchants, patchMerchant } = require('./merchants')
const { notFound } = require('./errors')
const { ACCEPTED_STATES } = require('./vocabulary')

/**
 * @param {{merchants?: Record<string, object>, now: () => Date, quiet: boolean}} opts
 */
function createState({ merchants: merchantPatches = {}, now, quiet }) {
  const state = {
    now,
    nowSeconds: () => schedule.unixSeconds(now()),
    log: quiet ? () => {} : (/** @type {string} */ line) => console.log(`[bnpl-sandbox] ${line}`),
    /** Set once listening: the hosted page's links start with it. */
    url: '',
    closed: false,
    /** @type {Record<string, import('./schedule').Merchant>} replaced by reset(): read it from here */
    merchants: {},
    /** @type {Map<string, any>} */
    payments: new Map(),
    /** @type {Map<string, string>} payment id -> API key of its merchant */
    owners: new Map(),
    /** @type {Map<string, string>} service order id -> its payment id */
    orderPayments: new Map(),
    /** @type {any[]} */
    requests: [],
    /** @type {any[]} */
    ipnCalls: [],
    ipnTimers: new Set(), // pending notifications: cancelled by reset() and close()
    delayTimers: new Set(), // delayed answers (delayMs faults): cancelled by close() only
    /** Runs `fn` after `ms`, in `timers` so that it can be cancelled. */
    later(/** @type {() => void} */ fn, /** @type {number} */ ms, timers = state.ipnTimers) {
      const t = setTimeout(() => {
        timers.delete(t)
        fn()
      }, ms)
      timers.add(t)
    },
    sleep: (/** @type {number} */ ms) => new Promise((resolve) => state.later(() => resolve(undefined), ms, state.delayTimers)),
    cancelAll(/** @type {Set<any>} */ timers) {
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
    /** Adds or patches a merchant (see merchants.js). */
    setMerchant(/** @type {string} */ key, /** @type {any} */ patch) {
      if (typeof key !== 'string' || !key) throw new Error('setMerchant needs an API key')
      state.merchants[key] = patchMerchant(state.merchants[key], patch)
      return state.merchants[key]
    },
    /** Payments, owners, orders, requests, IPN calls and merchants back to the start (faults: faults.js). */
    reset() {
      state.cancelAll(state.ipnTimers)
      state.payments.clear()
      state.owners.clear()
      state.orderPayments.clear()
      state.requests.length = 0
      state.ipnCalls.length = 0
      state.merchants = defaultMerchants()
      for (const [key, patch] of Object.entries(merchantPatches || {})) state.setMerchant(key, patch)
    },
    /** A payment past its `expires_after` and not accepted gets `expired_at` (checked on read). */
    expireIfDue(/** @type {any} */ payment) {
      if (payment.expires_after == null || payment.expired_at != null || ACCEPTED_STATES.includes(payment.state)) return
      const deadline = payment.created + payment.expires_after * 60
      if (state.nowSeconds() >= deadline) payment.expired_at = deadline
    },
    findPayment(/** @type {string} */ id) {
      const payment = state.payments.get(id)
      if (!payment) throw notFound(`Payment ${id} not found`)
      state.expireIfDue(payment)
      return payment
    },
    /** A payment of the calling merchant (another merchant's payment is a 404). */
    ownPayment(/** @type {{key: string}} */ ctx, /** @type {string} */ id) {
      if (state.owners.get(id) !== ctx.key) throw notFound(`Payment ${id} not found`)
      return state.findPayment(id)
    },
  }
  return state
}

module.exports = { createState }
