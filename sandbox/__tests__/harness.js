'use strict'

/**
 * What the sandbox's HTTP test files share: the start of their clock and a client of the sandbox
 * they boot (each file boots its own, on a free port). Not a test file itself.
 */

const { ACTIVE_KEY } = require('../merchants')

const START = new Date('2025-03-10T12:00:00Z')

/**
 * Calls to the sandbox that `getSandbox()` answers, over HTTP.
 * @param {() => {url: string}} getSandbox
 */
function clientOf(getSandbox) {
  /** Calls the sandbox over HTTP; `body` objects are sent as JSON. */
  async function call(method, path, { key = ACTIVE_KEY, body, headers = {}, redirect = 'manual' } = {}) {
    const allHeaders = { ...(key ? { authorization: `Service-Auth ${key}` } : {}), ...headers }
    if (body !== undefined && typeof body !== 'string') allHeaders['content-type'] ??= 'application/json'
    const res = await fetch(getSandbox().url + path, { method, headers: allHeaders, redirect, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) })
    const text = await res.text()
    let json
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, json, text, headers: res.headers }
  }
  const eligibility = (payment, options) => call('POST', '/v1/payments/eligibility', { body: { payment }, ...options })
  const newPayment = (payment = {}, extra = {}) =>
    call('POST', '/v1/payments', { body: { payment: { purchase_amount: 100000, installments_count: 3, return_url: 'https://shop.test/return?cart=c1', ...payment }, ...extra } })
  return { call, eligibility, newPayment }
}

/** Polls `predicate` every 10 ms until true; throws after `timeoutMs`. */
const waitFor = async (predicate, timeoutMs = 2000) => {
  const end = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

module.exports = { START, clientOf, waitFor }
