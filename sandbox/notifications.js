'use strict'

/**
 * The IPN: the service calls `GET ipn_callback_url?pid=<id>` with header <signatureHeader> =
 * hex HMAC-SHA256(API key, pid), and retries a non-2xx answer or a network error after each of
 * `ipnRetryDelaysMs`. Every attempt is recorded in `ipnCalls`.
 */

const http = require('node:http')
const https = require('node:https')
const crypto = require('node:crypto')
const { notFound } = require('./errors')
const { withPid } = require('./values')

/** GET the URL with an HMAC signature; resolves {status} or {error}. */
function callCallback(url, signatureHeader, signature) {
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
 * The notification URL as the console shows it: the store's token left out (a demo's or a
 * developer's terminal is pasted into issues and chats; the token authenticates notifications).
 * The control API (`/_sandbox/requests`) keeps the URL as called, for the tests.
 * @param {string} url
 */
function withoutToken(url) {
  return url.replace(/([?&;]token=)[^&#\s]*/gi, '$1[redacted]')
}

/**
 * @param {{state: ReturnType<typeof import('./state').createState>, signatureHeader: string, ipnRetryDelaysMs: number[]}} app
 */
function createNotifier({ state, signatureHeader, ipnRetryDelaysMs }) {
  /**
   * Sends the IPN now. Resolves with the first attempt; failed attempts are retried in the
   * background. Resolves null when the payment has no ipn_callback_url.
   * @param {string} id @param {number} [attempt]
   */
  async function notify(id, attempt = 0) {
    const payment = state.payments.get(id)
    if (!payment) throw notFound(`Payment ${id} not found`)
    if (!payment.ipn_callback_url || state.closed) return null
    const url = withPid(payment.ipn_callback_url, id)
    const signature = crypto.createHmac('sha256', state.owners.get(id) || '').update(id).digest('hex')
    const outcome = await callCallback(url, signatureHeader, signature)
    if (state.payments.get(id) !== payment) return null // reset() while the call was in flight
    const call = { pid: id, url, ...outcome, at: state.now().toISOString(), attempt: attempt + 1 }
    state.ipnCalls.push(call)
    state.log(`IPN ${withoutToken(url)} -> ${outcome.status ?? outcome.error}`)
    const ok = outcome.status != null && outcome.status >= 200 && outcome.status < 300
    if (!ok && attempt < ipnRetryDelaysMs.length && !state.closed)
      state.later(() => notify(id, attempt + 1).catch(() => {}), ipnRetryDelaysMs[attempt])
    return call
  }
  return notify
}

module.exports = { createNotifier, withoutToken }
