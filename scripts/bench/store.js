'use strict'

/**
 * What a storefront and a merchant do over HTTP, for scripts/bench.js: carts, a whole BNPL
 * checkout (the hosted page accepted on the sandbox), fulfillments through the admin API.
 */

const { httpClient } = require('./lib')

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

/**
 * @param {string} baseUrl the Medusa server
 * @param {{publishable_key: string, region_id: string, products: {variantId: string, price: number}[],
 *          shipping_options: {id: string, name: string}[]}} seed  what scripts/seed-demo.ts wrote
 */
function storeApi(baseUrl, seed) {
  const store = httpClient(baseUrl, { 'x-publishable-api-key': seed.publishable_key })
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
    http: store,
    variantAt,
    optionNamed,
    /** `POST /store/carts`; `items` as `[{price, quantity}]`. */
    createCart: ({ items = [], email, withAddress = true } = {}) =>
      store.post('/store/carts', {
        region_id: seed.region_id,
        ...(email ? { email } : {}),
        ...(withAddress ? { shipping_address: ADDRESS, billing_address: ADDRESS } : {}),
        ...(items.length ? { items: items.map((i) => ({ variant_id: variantAt(i.price), quantity: i.quantity ?? 1 })) } : {}),
      }),
    addItem: (cartId, price, quantity = 1) =>
      store.post(`/store/carts/${cartId}/line-items`, { variant_id: variantAt(price), quantity }),
    setQuantity: (cartId, lineItemId, quantity) =>
      store.post(`/store/carts/${cartId}/line-items/${lineItemId}`, { quantity }),
    updateCart: (cartId, update) => store.post(`/store/carts/${cartId}`, update),
    addShipping: (cartId, optionName) =>
      store.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionNamed(optionName) }),
    cartEligibility: (cartId) => store.get(`/store/bnpl/eligibility?cart_id=${cartId}`),
    getCart: (cartId) => store.get(`/store/carts/${cartId}`),

    /**
     * A whole BNPL checkout: cart with one item, shipping, payment collection, BNPL session
     * (creates the service payment), accepted on the sandbox like the hosted page would,
     * then the cart completed as the storefront does when the customer comes back.
     */
    async paidOrder(sandbox, { price, quantity = 1, shippingOption = 'Colissimo Home', email = 'jeanne@example.com', timings }) {
      const timed = async (step, promise) => {
        const response = await promise
        if (timings) (timings[step] ??= []).push(response.ms)
        return response
      }
      const { data: created } = await timed('create cart', store.post('/store/carts', {
        region_id: seed.region_id,
        email,
        shipping_address: ADDRESS,
        billing_address: ADDRESS,
        items: [{ variant_id: variantAt(price), quantity }],
      }))
      const cartId = created.cart.id
      await timed('add shipping method', store.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionNamed(shippingOption) }))
      const { data: pc } = await timed('create payment collection', store.post('/store/payment-collections', { cart_id: cartId }))
      const { data: withSession } = await timed(
        'create BNPL payment session',
        store.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, {
          provider_id: PROVIDER_ID,
          data: { installments_count: 3, return_url: RETURN_URL },
        })
      )
      const session = withSession.payment_collection.payment_sessions.find((s) => s.provider_id === PROVIDER_ID)
      const pid = session?.data?.bnpl_payment_id
      if (!pid) throw new Error(`No BNPL payment in the session: ${JSON.stringify(session)}`)
      sandbox.accept(pid, { notify: false })
      const { data: done } = await timed('complete cart', store.post(`/store/carts/${cartId}/complete`, {}))
      if (done.type !== 'order' || !done.order) throw new Error(`Cart ${cartId} not completed: ${JSON.stringify(done)}`)
      return { order: done.order, pid, cartId }
    },
  }
}

/** Logs in as the seeded admin; returns an admin HTTP client. */
async function adminApi(baseUrl, { email, password }) {
  const anonymous = httpClient(baseUrl)
  const { data } = await anonymous.post('/auth/user/emailpass', { email, password })
  if (!data?.token) throw new Error(`Admin login failed: ${JSON.stringify(data)}`)
  return httpClient(baseUrl, { authorization: `Bearer ${data.token}` })
}

module.exports = { storeApi, adminApi, PROVIDER_ID, ADDRESS }
