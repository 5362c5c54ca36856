'use strict'

/**
 * A storefront's cart operations for scripts/bench.js, each resolving `{status, data, ms}`
 * (scripts/lib/store-api.js, which also has the whole BNPL checkout and the admin login).
 */

const { medusaClient, ADDRESS } = require('../lib/store-api')

/** Every request may take this long under load before the bench gives up. */
const TIMEOUT_MS = 120_000

/**
 * @param {string} baseUrl the Medusa server
 * @param {{publishable_key: string, region_id: string, products: {variantId: string, price: number}[],
 *          shipping_options: {id: string, name: string}[]}} seed  what scripts/seed-demo.ts wrote
 */
function storeApi(baseUrl, seed) {
  const client = medusaClient(baseUrl, { publishableKey: seed.publishable_key, timeoutMs: TIMEOUT_MS })
  const post = (path, body = {}) => client.store('POST', path, body)
  const get = (path) => client.store('GET', path)
  const variantAt = (price) => {
    const product = seed.products.find((p) => p.price === price)
    if (!product) throw new Error(`No seeded product at ${price}`)
    return product.variantId
  }
  const optionNamed = (name) => {
    const option = seed.shipping_options.find((o) => o.name === name)
    if (!option) throw new Error(`No seeded shipping option "${name}"`)
    return option.id
  }

  return {
    /** For paidOrder() (scripts/lib/store-api.js). */
    client,
    variantAt,
    optionNamed,
    /** `POST /store/carts`; `items` as `[{price, quantity}]`. */
    createCart: ({ items = [], email, withAddress = true } = {}) =>
      post('/store/carts', {
        region_id: seed.region_id,
        ...(email ? { email } : {}),
        ...(withAddress ? { shipping_address: ADDRESS, billing_address: ADDRESS } : {}),
        ...(items.length ? { items: items.map((i) => ({ variant_id: variantAt(i.price), quantity: i.quantity ?? 1 })) } : {}),
      }),
    addItem: (cartId, price, quantity = 1) => post(`/store/carts/${cartId}/line-items`, { variant_id: variantAt(price), quantity }),
    setQuantity: (cartId, lineItemId, quantity) => post(`/store/carts/${cartId}/line-items/${lineItemId}`, { quantity }),
    updateCart: (cartId, update) => post(`/store/carts/${cartId}`, update),
    addShipping: (cartId, optionName) => post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionNamed(optionName) }),
    cartEligibility: (cartId) => get(`/store/bnpl/eligibility?cart_id=${cartId}`),
    getCart: (cartId) => get(`/store/carts/${cartId}`),
  }
}

/**
 * 1. The cart sequence, twice (second cart: same amounts, warm cache): service calls and
 * latency per operation. `countCalls()`: the service requests so far (what is counted is the
 * caller's choice); `withEligibility`: the plugin's route is there to ask.
 */
async function cartSequence(api, { withEligibility, countCalls }) {
  const runs = []
  for (const label of ['cold', 'warm']) {
    const operations = []
    let before = countCalls()
    const step = async (name, action) => {
      const response = await action()
      const now = countCalls()
      operations.push({ name, calls: now - before, ms: response.ms })
      before = now
      return response
    }
    const { data } = await step('create cart', () => api.createCart({}))
    const cartId = data.cart.id
    const { data: added } = await step('add item (129.90)', () => api.addItem(cartId, 129.9))
    await step('change quantity (→2)', () => api.setQuantity(cartId, added.cart.items[0].id, 2))
    await step('update email', () => api.updateCart(cartId, { email: `bench-${label}@example.com` }))
    await step('add shipping method', () => api.addShipping(cartId, 'Colissimo Home'))
    for (let i = 1; i <= 3; i++) {
      if (withEligibility) await step(`GET /store/bnpl/eligibility #${i}`, () => api.cartEligibility(cartId))
    }
    runs.push({ label, cartId, operations, total: operations.reduce((s, o) => s + o.calls, 0) })
  }
  return runs
}

/** Logs in as `admin`; returns its client (`client.admin(method, path, body)`). */
async function adminApi(baseUrl, { email, password }) {
  const client = medusaClient(baseUrl, { timeoutMs: TIMEOUT_MS })
  await client.login(email, password)
  return client
}

module.exports = { storeApi, adminApi, cartSequence }
