'use strict'

/**
 * The service API's dispatch (`/v1`, `/v2`): every call is logged in `requests`, may be hit by a
 * fault, is authenticated (`Authorization: Service-Auth <key>`), its JSON body parsed, then routed.
 */

const { HttpError, fieldError, notFound, validationError } = require('./errors')
const { isObject } = require('./values')
const { answerPayment } = require('./payment-rules')
const { faultKind, wrongShape, defaultFaultBody, GARBLED_BODY } = require('./faults')
const { send } = require('./http-io')

/** @param {import('node:http').IncomingMessage} req @param {Record<string, any>} merchants */
function authenticate(req, merchants) {
  const m = /^Service-Auth (\S+)$/.exec(req.headers.authorization || '')
  if (!m) throw new HttpError(401, { error_code: 'unauthorized', message: 'Missing or malformed Authorization header: expected "Service-Auth <API key>"' })
  const merchant = merchants[m[1]]
  if (!merchant || merchant.revoked) throw new HttpError(401, { error_code: 'unauthorized', message: 'Invalid or revoked API key' })
  return { key: m[1], merchant }
}

/** The JSON body (undefined when empty); only `application/json` (parameters allowed) is taken. */
function parseBody(req, raw) {
  if (raw === '') return undefined
  const type = String(req.headers['content-type'] || '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/json')
    throw validationError([fieldError('headers.content-type', 'invalid_value', 'Request bodies must be sent with Content-Type: application/json', req.headers['content-type'] ?? null)])
  try {
    return JSON.parse(raw)
  } catch {
    throw validationError([fieldError('body', 'invalid_value', 'The request body is not valid JSON')])
  }
}

/**
 * @param {{state: ReturnType<typeof import('./state').createState>, faults: ReturnType<typeof import('./faults').createFaults>,
 *   routes: [string, RegExp, Function][], triggerAppliedAs: string}} app
 */
function serviceApi({ state, faults, routes, triggerAppliedAs }) {
  /** The first route of this method and path; a stored payment is answered in the service's form. */
  function handle(req, path, raw, entry) {
    try {
      const auth = authenticate(req, state.merchants)
      const body = parseBody(req, raw)
      for (const [method, pattern, handler] of routes) {
        const m = pattern.exec(path)
        if (!m || method !== req.method) continue
        const json = handler({ ...auth, body, entry }, ...m.slice(1).map((part) => decodeURIComponent(part)))
        return { status: 200, json: isObject(json) && state.payments.get(json.id) === json ? answerPayment(json, triggerAppliedAs) : json }
      }
      throw notFound(`No route ${req.method} ${path}`)
    } catch (e) {
      if (e instanceof HttpError) return { status: e.status, json: e.body }
      console.error('[bnpl-sandbox]', e)
      return { status: 500, json: { error_code: 'server_error', message: 'Internal sandbox error' } }
    }
  }

  /** The answer a fault gives instead of the route's (`drop`: none), or the route's own. */
  function answer(fault, req, path, raw, entry) {
    if (fault && fault.drop) return null
    if (fault && fault.garble) return { status: fault.status ?? 200, raw: GARBLED_BODY }
    if (fault && fault.status != null)
      return { status: fault.status, ...(typeof fault.body === 'string' ? { raw: fault.body } : { json: fault.body ?? defaultFaultBody(fault.status) }) }
    return handle(req, path, raw, entry)
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url @param {string} raw */
  return async function service(req, res, url, raw) {
    const path = url.pathname
    let logged = raw
    try {
      logged = raw === '' ? null : JSON.parse(raw)
    } catch {}
    const entry = { method: req.method, path, query: Object.fromEntries(url.searchParams), headers: { ...req.headers }, body: logged, at: state.now().toISOString(), status: null }
    state.requests.push(entry)
    const fault = faults.takeFault(req.method, path, logged)
    if (fault) entry.fault = faultKind(fault)
    /** @type {any} */
    const result = answer(fault, req, path, raw, entry)
    if (fault && fault.wrongShape && result && result.status < 300) result.json = wrongShape(result.json, path)
    if (fault && fault.retryAfter != null && result) result.headers = { 'retry-after': String(fault.retryAfter) }
    if (fault && fault.delayMs) await state.sleep(fault.delayMs)
    if (state.closed) return
    if (!result) return req.socket.destroy()
    entry.status = result.status
    entry.answered_at = state.now().toISOString()
    state.log(`${req.method} ${path} -> ${result.status}${fault ? ` (fault: ${entry.fault})` : ''}`)
    send(res, result)
  }
}

module.exports = { serviceApi }
