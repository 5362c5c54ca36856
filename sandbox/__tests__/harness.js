'use strict'

/**
 * What the sandbox's HTTP test files share: the start of their clock and a client of the sandbox
 * they boot (each file boots its own, on a free port). Not a test file itself.
 */

const { ACTIVE_KEY } = require('../merchants')
const { startSandbox } = require('../server')

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

/**
 * A test file's sandbox: booted once (on a free port, its clock injected), reset with the clock
 * back at START before each test, closed after. `sandbox` forwards to the one booted;
 * `setClock` moves its time, `now()` reads it; the client's calls (clientOf) come with it.
 * @param {Record<string, unknown>} [options] more options of startSandbox
 */
function bootSandbox(options = {}) {
  let clock = START
  /** @type {any} */
  let live
  beforeAll(async () => {
    live = await startSandbox({ now: () => clock, ipnRetryDelaysMs: [20, 20], ...options })
  })
  afterAll(() => live.close())
  beforeEach(() => {
    live.reset()
    clock = START
  })
  /** @type {any} */
  const sandbox = new Proxy({}, { get: (_, key) => (typeof live[key] === 'function' ? live[key].bind(live) : live[key]) })
  return { sandbox, setClock: (/** @type {Date} */ date) => (clock = date), now: () => clock, ...clientOf(() => live) }
}

module.exports = { START, clientOf, waitFor, bootSandbox }
