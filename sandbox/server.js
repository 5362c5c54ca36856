'use strict'

/**
 * The sandbox: a separate, in-memory implementation of the BNPL service over real HTTP.
 * Service API under /v1 and /v2 (authenticated), hosted payment page under /pay, control API under /_sandbox.
 * This file wires the modules and owns the HTTP server; see README.md for the behaviour in prose.
 */

const http = require('node:http')
const { HttpError } = require('./errors')
const { TRIGGER_APPLIED_FORMS } = require('./vocabulary')
const { createState } = require('./state')
const { createFaults } = require('./faults')
const { createNotifier } = require('./notifications')
const { createCustomerActions } = require('./customer')
const { serviceApi } = require('./service-api')
const { send, readBody } = require('./http-io')
const { accountRoutes } = require('./routes/account')
const { eligibilityRoutes } = require('./routes/eligibility')
const { orderRoutes } = require('./routes/orders')
const { paymentRoutes } = require('./routes/payments')
const { hostedPageRoute } = require('./routes/hosted-page')
const { controlRoute } = require('./routes/control')

/**
 * @param {{port?: number, host?: string, merchants?: Record<string, object>, ipnDelayMs?: number,
 *   ipnRetryDelaysMs?: number[], autoNotify?: boolean, signatureHeader?: string, now?: () => Date, quiet?: boolean,
 *   triggerAppliedAs?: 'timestamp' | 'string' | 'iso' | 'boolean'}} [opts]
 */
async function startSandbox(opts = {}) {
  const {
    port = 0,
    host = '127.0.0.1',
    ipnDelayMs = 0,
    ipnRetryDelaysMs = [200, 1000, 3000],
    autoNotify = true,
    signatureHeader = 'x-bnpl-signature',
    now = () => new Date(),
    quiet = true,
    triggerAppliedAs = 'timestamp',
  } = opts
  if (!TRIGGER_APPLIED_FORMS.includes(triggerAppliedAs))
    throw new Error(`triggerAppliedAs must be one of ${TRIGGER_APPLIED_FORMS.join(', ')}, got ${JSON.stringify(triggerAppliedAs)}`)

  const state = createState({ merchants: opts.merchants, now, quiet })
  const faults = createFaults()
  const reset = () => {
    state.reset()
    faults.clear()
  }
  reset()
  const notify = createNotifier({ state, signatureHeader, ipnRetryDelaysMs })
  const customer = createCustomerActions({ state, notify, autoNotify, ipnDelayMs })
  // First match wins: eligibility before the payment routes (`POST /v1/payments/eligibility` is no edit).
  const routes = [...accountRoutes(), ...eligibilityRoutes({ state }), ...orderRoutes({ state }), ...paymentRoutes({ state, triggerAppliedAs })]
  const service = serviceApi({ state, faults, routes, triggerAppliedAs })
  const hostedPage = hostedPageRoute({ state, customer })
  const control = controlRoute({ state, faults, customer, notify, autoNotify, reset })

  const server = http.createServer(requestHandler({ control, hostedPage, service }))
  // Idle keep-alive connections outlive the clients' own (undici's fetch: 4 s), so a client never
  // reuses one the server is closing at that moment (ECONNRESET on a loaded machine). close()
  // ends them all.
  server.keepAliveTimeout = 30_000

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(undefined))
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  const publicHost = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  state.url = `http://${publicHost}:${address.port}`

  return publicApi(state, server, { port: address.port, reset, faults, customer, notify })
}

/**
 * Routes each request by its path: the control API, the hosted page, else the service API.
 * @param {{control: Function, hostedPage: Function, service: Function}} handlers
 */
function requestHandler({ control, hostedPage, service }) {
  return async (/** @type {http.IncomingMessage} */ req, /** @type {http.ServerResponse} */ res) => {
    try {
      const url = new URL(req.url || '/', 'http://sandbox')
      let raw
      try {
        raw = await readBody(req)
      } catch {
        return send(res, { status: 413, json: { error_code: 'payload_too_large', message: 'Body over 1 MB' } })
      }
      const method = req.method || 'GET'
      if (url.pathname.startsWith('/_sandbox/')) return send(res, await control(method, url.pathname, url.searchParams, raw))
      if (url.pathname.startsWith('/pay/')) return send(res, hostedPage(method, url.pathname))
      await service(req, res, url, raw)
    } catch (e) {
      console.error('[bnpl-sandbox]', e)
      if (!res.headersSent) send(res, { status: 500, json: { error_code: 'server_error', message: 'Internal sandbox error' } })
    }
  }
}

/** What startSandbox() answers (README "Returned object"): the live state and the test hooks. */
function publicApi(state, server, { port, reset, faults, customer, notify }) {
  return {
    url: state.url,
    port,
    requests: state.requests,
    ipnCalls: state.ipnCalls,
    payments: state.payments,
    get merchants() {
      return state.merchants
    },
    clearRequests: () => {
      state.requests.length = 0
    },
    reset,
    setFault: faults.setFault,
    clearFaults: faults.clear,
    setMerchant: state.setMerchant,
    accept: customer.accept,
    refuse: customer.refuse,
    notify: (/** @type {string} */ id) => notify(id),
    /** Stops the server, pending IPNs and delayed answers. */
    close() {
      state.closed = true
      state.cancelAll(state.ipnTimers)
      state.cancelAll(state.delayTimers)
      return new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
    },
  }
}

module.exports = { startSandbox, HttpError }
