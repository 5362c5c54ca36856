'use strict'

/**
 * The control API (`/_sandbox`, no auth, never faulted, not logged): what tests and the demo use
 * to look inside the sandbox and steer it. README "Control API" lists the routes.
 */

const { HttpError } = require('../errors')

/**
 * @param {{state: ReturnType<typeof import('../state').createState>, faults: ReturnType<typeof import('../faults').createFaults>,
 *   customer: ReturnType<typeof import('../customer').createCustomerActions>, notify: (id: string) => Promise<any>,
 *   autoNotify: boolean, reset: () => void}} app
 */
function controlRoute({ state, faults, customer, notify, autoNotify, reset }) {
  const ok = () => ({ json: { ok: true } })

  /** @type {Record<string, (body: any, query: URLSearchParams) => {json: any}>} */
  const fixed = {
    'GET /_sandbox/health': ok,
    'GET /_sandbox/requests': (_, query) => ({ json: { requests: state.requests.filter((r) => r.path.startsWith(query.get('path') || '')) } }),
    'DELETE /_sandbox/requests': () => {
      state.requests.length = 0
      return ok()
    },
    'GET /_sandbox/faults': () => ({ json: { faults: faults.list() } }),
    'POST /_sandbox/faults': (body) => ({ json: { fault: faults.setFault(body) } }),
    'DELETE /_sandbox/faults': () => {
      faults.clear()
      return ok()
    },
    'GET /_sandbox/merchants': () => ({ json: { merchants: state.merchants } }),
    'POST /_sandbox/merchants': (body) => ({ json: { api_key: body.api_key, merchant: state.setMerchant(body.api_key, body) } }),
    'GET /_sandbox/ipn': () => ({ json: { calls: state.ipnCalls } }),
    'POST /_sandbox/reset': () => {
      reset()
      return ok()
    },
  }

  /** `/_sandbox/payments/:id[/accept|refuse|notify]`, or undefined for another verb or action. */
  async function paymentControl(verb, id, action, body) {
    if (verb === 'GET' && !action) {
      const merchant = state.owners.get(id)
      return { json: { payment: state.findPayment(id), merchant, merchant_name: state.merchants[merchant || '']?.name ?? null } }
    }
    if (verb === 'POST' && action === 'accept') return { json: { redirect: customer.accept(id, { notify: body.notify ?? autoNotify }).redirect } }
    if (verb === 'POST' && action === 'refuse') return { json: { redirect: customer.refuse(id).redirect } }
    if (verb === 'POST' && action === 'notify') {
      const call = await notify(id)
      return { json: call ? { sent: true, ...call } : { sent: false, reason: 'payment has no ipn_callback_url' } }
    }
    return undefined
  }

  /** @param {string} method @param {string} path @param {URLSearchParams} query @param {string} rawBody */
  return async function control(method, path, query, rawBody) {
    let body = {}
    try {
      body = rawBody ? JSON.parse(rawBody) : {}
    } catch {
      return { status: 400, json: { error_code: 'invalid_json', message: 'Body is not valid JSON' } }
    }
    const route = `${method} ${path}`
    const paymentRoute = /^(GET|POST) \/_sandbox\/payments\/([^/]+)(?:\/(accept|refuse|notify))?$/.exec(route)
    try {
      if (Object.hasOwn(fixed, route)) return fixed[route](body, query)
      const answer = paymentRoute && (await paymentControl(paymentRoute[1], paymentRoute[2], paymentRoute[3], body))
      return answer || { status: 404, json: { error_code: 'not_found', message: `No control route ${route}` } }
    } catch (e) {
      if (e instanceof HttpError) return { status: e.status, json: e.body }
      return { status: 400, json: { error_code: 'invalid_value', message: /** @type {Error} */ (e).message } }
    }
  }
}

module.exports = { controlRoute }
