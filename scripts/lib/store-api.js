'use strict'

/**
 * A storefront's and a merchant's calls to a Medusa server over HTTP (Node's fetch, no
 * dependencies), for the scripts and the plain-JS tests (bench, demo checkout, install,
 * production and browser tests): JSON requests, the admin login, a whole BNPL checkout of the
 * seeded store (cart, shipping method, payment collection, BNPL session, accepted on the sandbox,
 * cart completed), fulfillments. The jest suites do the same through their axios `api`
 * (integration-tests/helpers/checkout.ts).
 */

const PROVIDER_ID = 'pp_bnpl_bnpl'
const RETURN_URL = 'http://localhost:8000/checkout/bnpl-return'
/** The customer of the checkouts below. */
const EMAIL = 'jeanne@example.com'
const ADDRESS = Object.freeze({
  first_name: 'Jeanne',
  last_name: 'Martin',
  address_1: '3 rue des Lilas',
  city: 'Lyon',
  postal_code: '69003',
  country_code: 'fr',
})

class HttpError extends Error {
  constructor(method, url, status, body) {
    super(`${method} ${url} -> ${status}: ${(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 500)}`)
    this.status = status
    this.body = body
  }
}

/**
 * One JSON request. Resolves `{status, data, text, ms}`: `data` is the parsed body (its text when
 * not JSON), `ms` the time from sending to the whole body read. Throws HttpError on a non-2xx
 * answer unless `allow` lists its status (`allow: true`: any status).
 * @param {string} method @param {string} url
 * @param {{body?: unknown, headers?: Record<string, string>, allow?: number[] | true, timeoutMs?: number}} [options]
 */
async function request(method, url, { body, headers = {}, allow = [], timeoutMs = 30_000 } = {}) {
  const started = performance.now()
  const response = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  const ms = performance.now() - started
  let data = text
  try {
    data = text ? JSON.parse(text) : null
  } catch {}
  if (!response.ok && allow !== true && !allow.includes(response.status)) throw new HttpError(method, url, response.status, data)
  return { status: response.status, data, text, ms }
}

/**
 * A client for one Medusa server: `store(method, path, body?, options?)` sends the publishable
 * key, `admin(...)` the admin token (after login(), or useToken()); options as request()'s.
 * @param {string} baseUrl @param {{publishableKey?: string, timeoutMs?: number}} [defaults]
 */
function medusaClient(baseUrl, { publishableKey, timeoutMs } = {}) {
  /** @type {string | null} */
  let adminToken = null
  const caller = (/** @type {() => Record<string, string>} */ headers) =>
    (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body, /** @type {Parameters<typeof request>[2]} */ options = {}) =>
      request(method, `${baseUrl}${path}`, { timeoutMs, ...options, body, headers: { ...headers(), ...options.headers } })
  return {
    baseUrl,
    store: caller(() => (publishableKey ? { 'x-publishable-api-key': publishableKey } : {})),
    admin: caller(() => {
      if (!adminToken) throw new Error('call login() first')
      return { authorization: `Bearer ${adminToken}` }
    }),
    /** Logs in (POST /auth/user/emailpass); the token is used by admin() and returned. */
    async login(/** @type {string} */ email, /** @type {string} */ password) {
      const { data } = await request('POST', `${baseUrl}/auth/user/emailpass`, { body: { email, password }, timeoutMs })
      if (!data?.token) throw new Error(`no token in the login answer: ${JSON.stringify(data)}`)
      adminToken = data.token
      return adminToken
    },
    /** Shares another client's admin token (the JWT is valid on every instance). */
    useToken(/** @type {string} */ token) {
      adminToken = token
    },
  }
}

/**
 * The customer accepts service payment `pid` on the hosted page, without a notification: on the
 * in-process sandbox (sandbox/server.js), or over HTTP at its URL.
 * @param {string | {accept: (pid: string, options: {notify: boolean}) => unknown}} sandbox @param {string} pid
 */
async function acceptOnSandbox(sandbox, pid) {
  if (typeof sandbox === 'string') await request('POST', `${sandbox}/_sandbox/payments/${pid}/accept`, { body: { notify: false } })
  else await sandbox.accept(pid, { notify: false })
}

/**
 * A whole BNPL checkout in the seeded store (what scripts/seed-demo.ts wrote): a cart with the
 * product at `price`, the shipping option, a payment collection, a BNPL session (creates the
 * service payment), accepted on `sandbox` (acceptOnSandbox), then the cart completed as the
 * storefront does when the customer comes back. With `timings`, each request's ms is pushed
 * under its step's name. Resolves `{order, pid, cartId}`.
 * @param {ReturnType<typeof medusaClient>} client
 * @param {{region_id: string, products: {variantId: string, price: number}[], shipping_options: {id: string, name: string}[]}} seed
 * @param {{sandbox: Parameters<typeof acceptOnSandbox>[0], price: number, quantity?: number, shippingOption?: string,
 *          email?: string, installments?: number, payAtShipment?: boolean, timings?: Record<string, number[]>}} options
 */
async function paidOrder(client, seed, { sandbox, price, quantity = 1, shippingOption = 'Colissimo Home', email = EMAIL, installments = 3, payAtShipment = false, timings }) {
  const product = seed.products.find((p) => p.price === price)
  if (!product) throw new Error(`no seeded product at ${price} (have ${seed.products.map((p) => p.price).join(', ')})`)
  const option = seed.shipping_options.find((o) => o.name === shippingOption)
  if (!option) throw new Error(`no seeded shipping option "${shippingOption}"`)
  const post = async (/** @type {string} */ step, /** @type {string} */ path, /** @type {unknown} */ body) => {
    const response = await client.store('POST', path, body)
    if (timings) (timings[step] ??= []).push(response.ms)
    return response.data
  }

  const { cart } = await post('create cart', '/store/carts', {
    region_id: seed.region_id,
    email,
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    items: [{ variant_id: product.variantId, quantity }],
  })
  await post('add shipping method', `/store/carts/${cart.id}/shipping-methods`, { option_id: option.id })
  const { payment_collection: collection } = await post('create payment collection', '/store/payment-collections', { cart_id: cart.id })
  const { payment_collection: withSession } = await post(
    'create BNPL payment session',
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: PROVIDER_ID, data: { installments_count: installments, return_url: RETURN_URL, ...(payAtShipment ? { pay_at_shipment: true } : {}) } }
  )
  const session = withSession.payment_sessions.find((/** @type {any} */ s) => s.provider_id === PROVIDER_ID)
  const pid = session?.data?.bnpl_payment_id
  if (!pid) throw new Error(`no bnpl_payment_id in the session: ${JSON.stringify(session)}`)
  await acceptOnSandbox(sandbox, pid)
  const done = await post('complete cart', `/store/carts/${cart.id}/complete`, {})
  if (done?.type !== 'order' || !done.order?.id) throw new Error(`cart completion did not give an order: ${JSON.stringify(done).slice(0, 500)}`)
  return { order: done.order, pid, cartId: cart.id }
}

/**
 * Fulfills every item of an order through the admin API.
 * @param {ReturnType<typeof medusaClient>} client @param {string} orderId @param {string} locationId
 */
async function fulfillOrder(client, orderId, locationId) {
  const { data } = await client.admin('GET', `/admin/orders/${orderId}?fields=*items`)
  const items = data.order.items.map((/** @type {any} */ i) => ({ id: i.id, quantity: i.quantity }))
  const { data: fulfilled } = await client.admin('POST', `/admin/orders/${orderId}/fulfillments`, { items, location_id: locationId })
  return fulfilled
}

/**
 * Polls `check` every `intervalMs` until it returns a truthy value (what the server does after
 * answering: subscribers, jobs); throws `what` after `timeoutMs`.
 * @template T @param {string} what @param {() => Promise<T>} check
 */
async function eventually(what, check, { timeoutMs = 20_000, intervalMs = 250 } = {}) {
  const started = Date.now()
  let last
  for (;;) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      last = error
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${what}: not met within ${(timeoutMs / 1000).toFixed(0)} s${last ? ` (last error: ${last.message})` : ''}`)
    }
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

module.exports = {
  PROVIDER_ID,
  RETURN_URL,
  EMAIL,
  ADDRESS,
  HttpError,
  request,
  medusaClient,
  acceptOnSandbox,
  paidOrder,
  fulfillOrder,
  eventually,
}
