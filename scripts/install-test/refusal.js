'use strict'

/**
 * A store below the tested range (below the peers too), forced in with `--legacy-peer-deps`
 * (install test): a plain refusal of new payments, never half-working. It starts and says why in
 * one log line (the version found, the tested range, the upgrade command); the provider is
 * registered (payments taken before an upgrade or a downgrade must always be served: issue 43)
 * and can be enabled on a region, but a new payment session is refused with that same sentence,
 * the store's eligibility answer gives it, and so do the settings.
 */

const { ADMIN } = require('../lib/medusa')
const { RETURN_URL } = require('../lib/store-api')
const { PROVIDER_ID } = require('./plugin')
const { check, assert, http, expectStatus } = require('./checks')
const { readMedusaLog } = require('./commands')
const { UPGRADE_COMMAND } = require('./readme')

/** @param {{backendUrl: string, serverLogFile: string, medusaVersion: string}} store */
async function refusalChecks({ backendUrl, serverLogFile, medusaVersion }) {
  const sentence = await check('one start-up line: the version found, the tested range, the upgrade command', async () => {
    const lines = readMedusaLog(serverLogFile).filter((l) => l.message.includes(`found Medusa ${medusaVersion}: new instalment payments are refused`))
    assert(lines.length === 1, `expected one refusal line in ${serverLogFile}, found ${lines.length}`)
    const [line] = lines
    assert(line.level === 'error' && /^medusa-plugin-bnpl is tested with Medusa \d+\.\d+\.\d+ to \d+\.\d+\.\d+ and found/.test(line.message), `refusal line: ${line.level} ${line.message}`)
    assert(line.message.includes(`${UPGRADE_COMMAND} && npx medusa db:migrate`), `refusal line without the upgrade command: ${line.message}`)
    return { sentence: line.message, detail: line.message }
  })
  const said = /** @type {{sentence: string}} */ (sentence).sentence
  const login = await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email: ADMIN.email, password: ADMIN.password } })
  expectStatus(login, 200, 'POST /auth/user/emailpass')
  const headers = { authorization: `Bearer ${login.data.token}` }
  const asAdmin = (/** @type {string} */ path, /** @type {any} */ options = {}) => http(`${backendUrl}${path}`, { ...options, headers: { ...headers, ...(options.headers || {}) } })

  const seeded = await check(`${PROVIDER_ID} registered (payments already taken are served) and enabled on the seeded region`, async () => {
    const response = await asAdmin('/admin/payments/payment-providers')
    expectStatus(response, 200, 'GET /admin/payments/payment-providers')
    const ids = (response.data.payment_providers || []).map((/** @type {any} */ p) => p.id)
    assert(ids.includes(PROVIDER_ID), `payment providers: ${ids.join(', ')}`)
    const list = await asAdmin('/admin/regions?fields=id,name,currency_code,*countries,*payment_providers')
    expectStatus(list, 200, 'GET /admin/regions')
    const regions = list.data.regions || []
    const region = regions.find((/** @type {any} */ r) => (r.countries || []).some((/** @type {any} */ c) => c.iso_2 === 'fr')) || regions[0]
    assert(region, `the starter seeded no region: ${list.text.slice(0, 400)}`)
    const current = (region.payment_providers || []).map((/** @type {any} */ p) => p.id)
    const updated = await asAdmin(`/admin/regions/${region.id}`, { method: 'POST', body: { payment_providers: [...new Set([...current, PROVIDER_ID])] } })
    expectStatus(updated, 200, `POST /admin/regions/${region.id}`)
    const keys = await asAdmin('/admin/api-keys?type=publishable')
    expectStatus(keys, 200, 'GET /admin/api-keys')
    const token = (keys.data.api_keys || [])[0]?.token
    assert(token, `the starter seeded no publishable key: ${keys.text.slice(0, 300)}`)
    return { regionId: region.id, token, detail: `providers: ${ids.join(', ')}; enabled on ${region.name} (${region.id})` }
  })
  const { regionId, token } = /** @type {{regionId: string, token: string}} */ (seeded)
  const storeHeaders = { 'x-publishable-api-key': token }
  const asStore = (/** @type {string} */ method, /** @type {string} */ path, /** @type {any} */ body) => http(`${backendUrl}${path}`, { method, headers: storeHeaders, body })

  await check('a new instalment payment session is refused with the sentence', async () => {
    const products = await asStore('GET', `/store/products?region_id=${regionId}&fields=*variants.calculated_price&limit=20`)
    expectStatus(products, 200, 'GET /store/products')
    const variant = (products.data.products || []).flatMap((/** @type {any} */ p) => p.variants || []).find((/** @type {any} */ v) => v.calculated_price?.calculated_amount > 0)
    assert(variant, `no variant with a price in region ${regionId}`)
    const cart = await asStore('POST', '/store/carts', { region_id: regionId, email: 'jeanne@example.com', items: [{ variant_id: variant.id, quantity: 1 }] })
    expectStatus(cart, 200, 'POST /store/carts')
    const collection = await asStore('POST', '/store/payment-collections', { cart_id: cart.data.cart.id })
    expectStatus(collection, 200, 'POST /store/payment-collections')
    const session = await asStore('POST', `/store/payment-collections/${collection.data.payment_collection.id}/payment-sessions`, {
      provider_id: PROVIDER_ID,
      data: { installments_count: 3, return_url: RETURN_URL },
    })
    assert(session.status === 400 && session.data?.message === said, `expected 400 with the start-up sentence, got ${session.status}: ${session.text.slice(0, 500)}`)
    return `${session.status}: ${session.data.message}`
  })
  await check("the store's eligibility answer gives the sentence", async () => {
    const response = await asStore('GET', '/store/bnpl/eligibility?amount=100&currency_code=eur')
    expectStatus(response, 200, 'GET /store/bnpl/eligibility')
    const eligibility = response.data?.eligibility
    assert(eligibility?.service_available === false && eligibility.message === said && eligibility.plans?.length === 0, `eligibility: ${response.text.slice(0, 500)}`)
    return `${eligibility.unavailable_reason}: ${eligibility.message}`
  })
  await check('the settings page says why', async () => {
    const response = await asAdmin('/admin/bnpl/settings')
    expectStatus(response, 200, 'GET /admin/bnpl/settings')
    const settings = response.data?.settings
    assert(settings?.medusa_version_problem === said, `no medusa_version_problem equal to the start-up line: ${response.text.slice(0, 400)}`)
    const versions = settings.medusa_version
    assert(versions?.found === medusaVersion && versions.status === 'older' && versions.new_payments === false, `medusa_version: ${JSON.stringify(versions)}`)
    return `${JSON.stringify(versions)}`
  })
}

module.exports = { refusalChecks }
