'use strict'

/**
 * The install test's checks (scripts/install-test.js): each named, timed, printed as it ends and
 * kept for the summary; the first failure stops the run (later checks depend on earlier ones).
 * With the HTTP helpers the checks use.
 */

const { request } = require('../lib/store-api')

const started = Date.now()
const seconds = (/** @type {number} */ since) => ((Date.now() - since) / 1000).toFixed(1)
const say = (/** @type {string} */ line) => console.log(`[install-test] ${line}`)

/** @type {{name: string, ok: boolean, detail: string, seconds: string}[]} */
const results = []

class CheckFailed extends Error {}

/**
 * Runs one named check; its detail (returned string) goes to the summary. A failure stops the
 * run (later checks depend on earlier ones).
 * @template T
 * @param {string} name @param {() => Promise<T>} fn @returns {Promise<T>}
 */
async function check(name, fn) {
  const t = Date.now()
  try {
    const value = await fn()
    const detail = typeof value === 'string' ? value : value && typeof value === 'object' && 'detail' in value ? String(value.detail) : ''
    results.push({ name, ok: true, detail, seconds: seconds(t) })
    say(`ok   ${name}${detail ? ` — ${detail}` : ''} (${seconds(t)} s)`)
    return value
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    results.push({ name, ok: false, detail: message, seconds: seconds(t) })
    say(`FAIL ${name} (${seconds(t)} s)\n${message}`)
    throw new CheckFailed(message)
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message)
}

/**
 * A JSON request that never throws on a status: `{status, data, text}` (data: the parsed body).
 * @param {string} url @param {{method?: string, headers?: Record<string, string>, body?: unknown}} [options]
 */
const http = (url, { method = 'GET', ...options } = {}) => request(method, url, { ...options, allow: true })

function expectStatus(/** @type {{status: number, text: string}} */ response, /** @type {number} */ status, /** @type {string} */ what) {
  assert(response.status === status, `${what}: expected HTTP ${status}, got ${response.status}: ${response.text.slice(0, 600)}`)
}

module.exports = { started, seconds, say, results, CheckFailed, check, assert, http, expectStatus }
