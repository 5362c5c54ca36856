'use strict'

/**
 * Faults the service API can be told to have (README "Control API"): which calls they hit
 * (method, path prefix, body fields; count or ratio) and what they do to the answer.
 */

const { isObject } = require('./values')
const { FAULT_EFFECTS } = require('./vocabulary')

/** The body a `garble` fault answers: cut-off JSON. */
const GARBLED_BODY = '{"eligible": tru'

/** Deterministic PRNG for ratio faults with a seed. @param {number} seed */
const mulberry32 = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** `match.body`: every dotted field path given has that value in the request's JSON body (`null` = absent). */
const bodyMatches = (/** @type {Record<string, unknown>} */ expected, /** @type {any} */ body) =>
  Object.entries(expected).every(([field, value]) => {
    const actual = field.split('.').reduce((at, key) => (isObject(at) ? at[key] : undefined), body)
    return value === null ? actual === undefined || actual === null : JSON.stringify(actual) === JSON.stringify(value)
  })

/** What the request log names a fault by. */
const faultKind = (/** @type {any} */ f) =>
  f.drop ? 'drop' : f.garble ? 'garble' : f.wrongShape ? 'wrongShape' : f.status != null ? 'status' : 'delay'

/** A `wrongShape` fault's answer: eligibility object <-> array; anything else: {}. */
function wrongShape(json, path) {
  if (path === '/v1/payments/eligibility') return Array.isArray(json) ? json[0] || {} : [json]
  return {}
}

/** The body of a `status` fault that gives none. @param {number} status */
const defaultFaultBody = (status) =>
  status === 429
    ? { error_code: 'too_many_requests', message: 'Too many requests' }
    : status >= 500
      ? { error_code: 'server_error', message: 'Service unavailable (sandbox fault)' }
      : { error_code: 'fault', message: `Sandbox fault ${status}` }

/** The fault list of one sandbox. */
function createFaults() {
  /** @type {{spec: any, remaining: number | null, random: () => number}[]} */
  let faults = []
  const publicFault = (/** @type {any} */ f) => ({ ...f.spec, ...(f.remaining != null ? { remaining: f.remaining } : {}) })

  /** Adds a fault (checked in order, first match wins); answers it as listed. */
  function setFault(spec) {
    if (!isObject(spec)) throw new Error('A fault must be an object')
    if (!FAULT_EFFECTS.some((k) => spec[k] != null && spec[k] !== false)) throw new Error(`A fault needs one of ${FAULT_EFFECTS.join(', ')}`)
    if (spec.count != null && (!Number.isInteger(spec.count) || spec.count < 1)) throw new Error('count must be an integer >= 1')
    if (spec.ratio != null && !(spec.ratio >= 0 && spec.ratio <= 1)) throw new Error('ratio must be between 0 and 1')
    if (spec.match?.body != null && !isObject(spec.match.body))
      throw new Error('match.body must be an object of {"field.path": value}, e.g. {"payment.deferred_days": 30}')
    const fault = { spec: { ...spec }, remaining: spec.count ?? null, random: spec.seed != null ? mulberry32(Number(spec.seed)) : Math.random }
    faults.push(fault)
    return publicFault(fault)
  }

  /** First fault matching this call (consuming one of its count), or undefined. */
  function takeFault(method, path, body) {
    for (const fault of faults) {
      const match = fault.spec.match || {}
      if (match.method && String(match.method).toUpperCase() !== method) continue
      if (match.path && !path.startsWith(match.path)) continue
      if (match.body && !bodyMatches(match.body, body)) continue
      if (fault.spec.ratio != null && !(fault.random() < fault.spec.ratio)) continue
      if (fault.remaining != null && --fault.remaining <= 0) faults = faults.filter((f) => f !== fault)
      return fault.spec
    }
    return undefined
  }

  return {
    setFault,
    takeFault,
    list: () => faults.map(publicFault),
    clear: () => {
      faults = []
    },
  }
}

module.exports = { createFaults, faultKind, wrongShape, defaultFaultBody, GARBLED_BODY }
