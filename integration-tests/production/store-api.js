'use strict'

/**
 * Plain-JS HTTP helpers for the production-mode test (scripts/production-test.js): a storefront's
 * BNPL checkout and the admin calls, against any Medusa instance by base URL. Node 20 `fetch`,
 * no dependencies. Mirrors integration-tests/helpers/checkout.ts (`paidOrder`).
 */

const PROVIDER_ID = 'pp_bnpl_bnpl'
const RETURN_URL = 'http://localhost:8000/checkout/bnpl-return'
const ADDRESS = {
  first_name: 'Jeanne',
  last_name: 'Martin',
  address_1: '3 rue des Lilas',
  city: 'Lyon',
  postal_code: '69003',
  country_code: 'fr',
}

class HttpError extends Error {
  constructor(method, url, status, body) {
    super(`${method} ${url} -> ${status}: ${typeof body === 'string' ? body.slice(0, 500) : JSON.stringify(body).slice(0, 500)}`)
    this.status = status
    this.body = body
  }
}

/**
 * One JSON request. Resolves `{status, data}`; throws HttpError on a non-2xx answer unless
 * `allow` lists that status.
 * @param {string} method @param {string} url
 * @param {{body?: unknown, headers?: Record<string, string>, allow?: number[], timeoutMs?: number}} [options]
 */
async function request(method, url, { body, headers = {}, allow = [], timeoutMs = 30_000 } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  let data = text
  try {
    data = text ? JSON.parse(text) : null
  } catch {}
  if (!response.ok && !allow.includes(response.status)) throw new HttpError(method, url, response.status, data)
  return { status: response.status, data }
}

/**
 * A client for one Medusa instance.
 * @param {string} baseUrl @param {{publishableKey: string}} store
 */
function medusaClient(baseUrl, { publishableKey }) {
  const storeHeaders = { 'x-publishable-api-key': publishableKey }
  let adminToken = null
  const admin = () => {
    if (!adminToken) throw new Error('call login() first')
    return { authorization: `Bearer ${adminToken}` }
  }
  return {
    baseUrl,
    store: (method, path, body, options = {}) =>
      request(method, `${baseUrl}${path}`, { body, headers: storeHeaders, ...options }),
    admin: (method, path, body, options = {}) => request(method, `${baseUrl}${path}`, { body, headers: admin(), ...options }),
    async login(email, password) {
      const { data } = await request('POST', `${baseUrl}/auth/user/emailpass`, { body: { email, password } })
      if (!data?.token) throw new Error(`no token in the login answer: ${JSON.stringify(data)}`)
      adminToken = data.token
      return adminToken
    },
    /** Shares another client's admin token (the JWT is valid on every instance). */
    useToken(token) {
      adminToken = token
    },
  }
}

/**
 * A whole BNPL checkout on one instance: cart, shipping method, payment collection, BNPL session,
 * acceptance on the sandbox (no notification), cart completion. Returns `{order, pid, cartId}`.
 * @param {ReturnType<typeof medusaClient>} client
 * @param {{sandboxUrl: string, seed: any, price: number, quantity?: number, shippingOption?: string, installments?: number}} input
 */
async function paidOrder(client, { sandboxUrl, seed, price, quantity = 1, shippingOption = 'Colissimo Home', installments = 3 }) {
  const product = seed.products.find((p) => p.price === price)
  if (!product) throw new Error(`no seeded product at ${price} (have ${seed.products.map((p) => p.price).join(', ')})`)
  const option = seed.shipping_options.find((o) => o.name === shippingOption)
  if (!option) throw new Error(`no seeded shipping option "${shippingOption}"`)

  const { data: created } = await client.store('POST', '/store/carts', {
    region_id: seed.region_id,
    email: 'jeanne@example.com',
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    items: [{ variant_id: product.variantId, quantity }],
  })
  const cartId = created.cart.id
  await client.store('POST', `/store/carts/${cartId}/shipping-methods`, { option_id: option.id })
  const { data: pc } = await client.store('POST', '/store/payment-collections', { cart_id: cartId })
  const { data: withSession } = await client.store(
    'POST',
    `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
    { provider_id: PROVIDER_ID, data: { installments_count: installments, return_url: RETURN_URL } }
  )
  const session = withSession.payment_collection.payment_sessions.find((s) => s.provider_id === PROVIDER_ID)
  const pid = session?.data?.bnpl_payment_id
  if (!pid) throw new Error(`no bnpl_payment_id in the session: ${JSON.stringify(session)}`)
  await request('POST', `${sandboxUrl}/_sandbox/payments/${pid}/accept`, { body: { notify: false } })
  const { data: done } = await client.store('POST', `/store/carts/${cartId}/complete`, {})
  if (done?.type !== 'order' || !done.order?.id) throw new Error(`cart completion did not give an order: ${JSON.stringify(done).slice(0, 500)}`)
  return { order: done.order, pid, cartId }
}

/**
 * Fulfills every item of an order through the admin API.
 * @param {ReturnType<typeof medusaClient>} client @param {string} orderId @param {string} locationId
 */
async function fulfillOrder(client, orderId, locationId) {
  const { data } = await client.admin('GET', `/admin/orders/${orderId}?fields=*items`)
  const items = data.order.items.map((i) => ({ id: i.id, quantity: i.quantity }))
  const { data: fulfilled } = await client.admin('POST', `/admin/orders/${orderId}/fulfillments`, { items, location_id: locationId })
  return fulfilled
}

/** Polls `check` every `intervalMs` until it returns a truthy value; throws `what` after `timeoutMs`. */
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

module.exports = { request, medusaClient, paidOrder, fulfillOrder, eventually, HttpError, PROVIDER_ID, RETURN_URL }
