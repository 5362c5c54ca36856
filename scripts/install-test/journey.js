'use strict'

/**
 * What a merchant does first in a store the starter seeded, over HTTP: log into the admin as the
 * dashboard does (a session cookie, under `medusa start`), then an order paid in 3 instalments
 * on the sandbox and fulfilled, whose `shipping_info` reaches the service.
 */

const { request, eventually, PROVIDER_ID, RETURN_URL } = require('../lib/store-api')

const http = (url, { method = 'GET', ...options } = {}) => request(method, url, { ...options, allow: true })

function expectOk(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what}: HTTP ${response.status}: ${response.text.slice(0, 600)}`)
  return response.data
}

/**
 * The dashboard's login: a token from `/auth/user/emailpass`, traded for a session cookie at
 * `/auth/session`; the cookie alone then reads `/admin/users/me`. Under `medusa start` the
 * cookie is `Secure` unless README's `COOKIE_SECURE=false` is in effect, and a browser on
 * `http://localhost` would not send a `Secure` cookie back: the test refuses one.
 * Resolves the cookie's attributes.
 */
async function adminCookieLogin(backendUrl, { email, password }) {
  const login = expectOk(await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email, password } }), 'POST /auth/user/emailpass')
  const response = await fetch(`${backendUrl}/auth/session`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` } })
  if (!response.ok) throw new Error(`POST /auth/session: HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`)
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('connect.sid='))
  if (!setCookie) throw new Error(`POST /auth/session set no session cookie (headers: ${[...response.headers.keys()].join(', ')})`)
  const attributes = setCookie.split(';').slice(1).map((a) => a.trim().toLowerCase())
  if (attributes.includes('secure')) throw new Error(`the session cookie is Secure (${setCookie.replace(/=[^;]+/, '=…')}): a browser on http://localhost would not send it back`)
  const me = await http(`${backendUrl}/admin/users/me`, { headers: { cookie: setCookie.split(';')[0] } })
  const user = expectOk(me, 'GET /admin/users/me with the session cookie').user
  if (user?.email !== email) throw new Error(`GET /admin/users/me with the cookie answered ${me.text.slice(0, 300)}`)
  return attributes.join('; ')
}

/**
 * The seeded store's first order paid with the plugin: the first EUR-priced variant of the
 * starter's catalogue (enough of it for the sandbox's 50 € minimum), its first shipping option, a
 * BNPL session accepted on the sandbox, the cart completed, then every item fulfilled from the
 * seeded stock location. Resolves once the sandbox received the order's `shipping_info`.
 * @param {{backendUrl: string, admin: (path: string, options?: any) => Promise<any>, publishableKey: string, regionId: string, sandbox: any}} store
 */
async function firstOrderWithShippingInfo({ backendUrl, admin, publishableKey, regionId, sandbox }) {
  const headers = { 'x-publishable-api-key': publishableKey }
  const store = async (method, path, body) => expectOk(await http(`${backendUrl}${path}`, { method, headers, body }), `${method} ${path}`)
  const { products } = await store('GET', `/store/products?region_id=${regionId}&fields=*variants.calculated_price&limit=20`)
  const variant = products.flatMap((p) => p.variants || []).find((v) => v.calculated_price?.calculated_amount > 0)
  if (!variant) throw new Error(`no variant with a price in region ${regionId} among ${products.length} products`)
  const quantity = Math.ceil(60 / variant.calculated_price.calculated_amount)
  const address = { first_name: 'Jeanne', last_name: 'Martin', address_1: '3 rue des Lilas', city: 'Lyon', postal_code: '69003', country_code: 'fr' }
  const { cart } = await store('POST', '/store/carts', {
    region_id: regionId,
    email: 'jeanne@example.com',
    shipping_address: address,
    billing_address: address,
    items: [{ variant_id: variant.id, quantity }],
  })
  const { shipping_options: options } = await store('GET', `/store/shipping-options?cart_id=${cart.id}`)
  if (!options?.length) throw new Error(`no shipping option for cart ${cart.id}`)
  await store('POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: options[0].id })
  const { payment_collection: collection } = await store('POST', '/store/payment-collections', { cart_id: cart.id })
  const { payment_collection: withSession } = await store('POST', `/store/payment-collections/${collection.id}/payment-sessions`, {
    provider_id: PROVIDER_ID,
    data: { installments_count: 3, return_url: RETURN_URL },
  })
  const pid = withSession.payment_sessions.find((s) => s.provider_id === PROVIDER_ID)?.data?.bnpl_payment_id
  if (!pid) throw new Error(`no bnpl_payment_id in the payment session: ${JSON.stringify(withSession.payment_sessions)}`)
  await sandbox.accept(pid, { notify: false })
  const done = await store('POST', `/store/carts/${cart.id}/complete`, {})
  if (done?.type !== 'order') throw new Error(`completing the cart gave no order: ${JSON.stringify(done).slice(0, 500)}`)
  const orderId = done.order.id

  const { stock_locations: locations } = expectOk(await admin('/admin/stock-locations'), 'GET /admin/stock-locations')
  const { order } = expectOk(await admin(`/admin/orders/${orderId}?fields=*items`), `GET /admin/orders/${orderId}`)
  expectOk(
    await admin(`/admin/orders/${orderId}/fulfillments`, {
      method: 'POST',
      body: { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: locations[0].id },
    }),
    `POST /admin/orders/${orderId}/fulfillments`
  )
  const edit = await eventually(
    `shipping_info of order ${orderId} sent to the service`,
    // The contract's edit: `POST /v1/payment/<id>` with `{payment: {shipping_info}}`.
    async () => sandbox.requests.find((r) => r.method === 'POST' && r.path === `/v1/payment/${pid}` && r.body?.payment?.shipping_info && r.status === 200),
    { timeoutMs: 60_000 }
  ).catch(async (error) => {
    // What the plugin recorded and what the sandbox saw, to say why.
    const recorded = await admin(`/admin/bnpl/orders/${orderId}`)
    const seen = sandbox.requests.filter((r) => r.path.includes(pid)).map((r) => `${r.method} ${r.path} ${r.status} ${Object.keys(r.body || {}).join(',')}`)
    throw new Error(`${error.message}\nthe plugin's record: ${recorded.text.slice(0, 1500)}\nthe sandbox saw for ${pid}: ${seen.join(' | ') || 'nothing'}`)
  })
  return { orderId, pid, quantity, variant: variant.title, amount: done.order.total, shippingInfo: edit.body.payment.shipping_info }
}

module.exports = { adminCookieLogin, firstOrderWithShippingInfo }
