'use strict'

/**
 * What a merchant does in the started store, over HTTP (install test, end of step 3): the admin
 * login, pp_bnpl_bnpl enabled on the region the starter seeded, its publishable key, the plugin's
 * settings (the test key pasted, Verify, saved; only masked after), the store's eligibility
 * route, the notification URL, the admin's session cookie over http (README step 4), an order
 * paid in 3 instalments and fulfilled until its `shipping_info` reaches the sandbox, the admin
 * served; with the checks of what the store loaded (loaded.js) around them.
 */

const { ADMIN, SANDBOX_KEY } = require('../lib/medusa')
const { PROVIDER_ID } = require('./plugin')
const { check, assert, http, expectStatus, seconds, started } = require('./checks')
const { adminCookieLogin, firstOrderWithShippingInfo } = require('./journey')
const { registeredFromPackage, nothingFromThisRepository } = require('./loaded')

/** Logs in as the admin (a check); resolves a request function with its token. */
async function adminLogin(backendUrl) {
  const admin = await check('admin login (POST /auth/user/emailpass)', async () => {
    const login = await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email: ADMIN.email, password: ADMIN.password } })
    expectStatus(login, 200, 'POST /auth/user/emailpass')
    assert(typeof login.data?.token === 'string', `no token in ${login.text}`)
    return { headers: { authorization: `Bearer ${login.data.token}` }, detail: '' }
  })
  return (/** @type {string} */ url, /** @type {any} */ options = {}) => http(`${backendUrl}${url}`, { ...options, headers: { ...admin.headers, ...(options.headers || {}) } })
}

const providerListed = (asAdmin) =>
  check(`GET /admin/payments/payment-providers lists ${PROVIDER_ID}`, async () => {
    const response = await asAdmin('/admin/payments/payment-providers')
    expectStatus(response, 200, 'GET /admin/payments/payment-providers')
    const ids = (response.data.payment_providers || []).map((p) => p.id)
    assert(ids.includes(PROVIDER_ID), `payment providers: ${ids.join(', ')}`)
    return ids.join(', ')
  })

const providerOnSeededRegion = (asAdmin) =>
  check(`README step 5: ${PROVIDER_ID} enabled on the region the starter seeded`, async () => {
    const list = await asAdmin('/admin/regions?fields=id,name,*countries,*payment_providers')
    expectStatus(list, 200, 'GET /admin/regions')
    const seeded = (list.data.regions || []).find((/** @type {any} */ r) => (r.countries || []).some((/** @type {any} */ c) => c.iso_2 === 'fr'))
    assert(seeded, `the starter seeded no region with France: ${list.text.slice(0, 400)}`)
    const current = (seeded.payment_providers || []).map((/** @type {any} */ p) => p.id)
    const updated = await asAdmin(`/admin/regions/${seeded.id}`, { method: 'POST', body: { payment_providers: [...new Set([...current, PROVIDER_ID])] } })
    expectStatus(updated, 200, `POST /admin/regions/${seeded.id}`)
    const read = await asAdmin(`/admin/regions/${seeded.id}?fields=id,name,*payment_providers`)
    const providers = (read.data.region.payment_providers || []).map((/** @type {any} */ p) => p.id)
    assert(providers.includes(PROVIDER_ID), `region ${seeded.id} payment providers: ${providers.join(', ') || 'none'}`)
    return { id: seeded.id, detail: `${seeded.name} (${seeded.id}): ${providers.join(', ')}` }
  })

const seededPublishableKey = (asAdmin) =>
  check('the publishable key the starter seeded', async () => {
    const keys = await asAdmin('/admin/api-keys?type=publishable')
    expectStatus(keys, 200, 'GET /admin/api-keys')
    const key = (keys.data.api_keys || [])[0]
    assert(key?.token, `the starter seeded no publishable key: ${keys.text.slice(0, 300)}`)
    return { token: key.token, detail: `${key.title}: ${key.token.slice(0, 8)}…` }
  })

const testKeySaved = (asAdmin, sandbox) =>
  check('README step 6: the test account\'s key pasted in the settings, Verify, save', async () => {
    const verified = await asAdmin('/admin/bnpl/settings/verify', { method: 'POST', body: { mode: 'test', api_key: SANDBOX_KEY } })
    expectStatus(verified, 200, 'POST /admin/bnpl/settings/verify')
    assert(verified.data?.result === 'works', `verify: ${verified.text.slice(0, 400)}`)
    // The legacy field is the live slot: a test key there is refused, naming the right slot.
    const misplaced = await asAdmin('/admin/bnpl/settings', { method: 'POST', body: { api_key: SANDBOX_KEY } })
    assert(misplaced.status === 400 && /test_api_key/.test(misplaced.text), `a test key saved as api_key: expected 400 naming test_api_key, got ${misplaced.status}: ${misplaced.text.slice(0, 300)}`)
    const saved = await asAdmin('/admin/bnpl/settings', {
      method: 'POST',
      body: { mode: 'test', test_api_key: SANDBOX_KEY, plans: [{ installments_count: 3 }, { installments_count: 4 }] },
    })
    expectStatus(saved, 200, 'POST /admin/bnpl/settings')
    assert(!saved.text.includes(SANDBOX_KEY), 'POST /admin/bnpl/settings returned the API key')
    const test = saved.data?.settings?.accounts?.test
    // The saved key is pinned to the URL in effect when it was typed (BNPL_API_URL_TEST's, here).
    assert(test?.source?.api_key === 'settings' && test?.api_url === sandbox.url, `the test account should have the saved key on BNPL_API_URL_TEST's URL: ${saved.text.slice(0, 600)}`)
    return `verify: ${verified.data.result}; saved in the test account (on BNPL_API_URL_TEST's URL); api_key with a test key: 400`
  })

const keyOnlyMasked = (asAdmin, backendUrl) =>
  check('GET /admin/bnpl/settings (the key only masked)', async () => {
    const response = await asAdmin('/admin/bnpl/settings')
    expectStatus(response, 200, 'GET /admin/bnpl/settings')
    assert(!response.text.includes(SANDBOX_KEY), 'GET /admin/bnpl/settings returned the API key')
    assert(response.data?.settings?.mode === 'test' && response.data?.settings?.api_key_set === true, `mode test with its key set expected: ${response.text.slice(0, 400)}`)
    assert(!response.data.settings.medusa_version_problem, `medusa_version_problem on a supported Medusa: ${response.data.settings.medusa_version_problem}`)
    const unauthenticated = await http(`${backendUrl}/admin/bnpl/settings`)
    assert(unauthenticated.status === 401, `GET /admin/bnpl/settings without a session: expected 401, got ${unauthenticated.status}`)
    return `api_key_hint ${response.data.settings.api_key_hint}, source ${response.data.settings.source?.api_key}; 401 without a session`
  })

const plansFromTheService = ({ backendUrl, sandbox }, publishableKey) =>
  check('GET /store/bnpl/eligibility?amount=100&currency_code=eur answers plans from the service', async () => {
    const before = sandbox.requests.length
    const response = await http(`${backendUrl}/store/bnpl/eligibility?amount=100&currency_code=eur`, { headers: { 'x-publishable-api-key': publishableKey.token } })
    expectStatus(response, 200, 'GET /store/bnpl/eligibility')
    const eligibility = response.data?.eligibility
    assert(eligibility && Array.isArray(eligibility.plans) && eligibility.plans.length > 0, `no plans: ${response.text.slice(0, 600)}`)
    assert(eligibility.service_available === true, `service_available is not true: ${response.text.slice(0, 600)}`)
    const eligible = eligibility.plans.filter((p) => p.eligible)
    assert(eligible.length > 0 && eligible.every((p) => Array.isArray(p.payment_plan) && p.payment_plan.length === p.installments_count), `no eligible plan with its schedule: ${response.text.slice(0, 600)}`)
    const calls = sandbox.requests.slice(before).filter((r) => r.path.startsWith('/v1/'))
    assert(calls.length > 0 && calls.every((r) => r.headers.authorization === `Service-Auth ${SANDBOX_KEY}`), 'the sandbox saw no authenticated service call for it')
    return `${eligible.map((p) => `${p.installments_count}x`).join(', ')} eligible for ${eligibility.purchase_amount} cents (${calls.length} service call(s): ${[...new Set(calls.map((r) => `${r.method} ${r.path}`))].join(', ')})`
  })

const notificationUrlAnswers = (backendUrl) =>
  check('README step 7: the notification URL answers (GET /hooks/bnpl/notification)', async () => {
    const response = await http(`${backendUrl}/hooks/bnpl/notification`)
    assert(response.status === 400 && response.data?.result === 'rejected', `expected the plugin's 400 "rejected" for a notification without pid, got ${response.status}: ${response.text.slice(0, 300)}`)
    return `400 ${response.data.message}`
  })

const sessionCookieOverHttp = (backendUrl) =>
  check("README step 4's admin login under medusa start over http (session cookie, as the dashboard)", async () => {
    const attributes = await adminCookieLogin(backendUrl, ADMIN)
    return `cookie ${attributes}; GET /admin/users/me with it: 200`
  })

const orderReachesTheService = ({ backendUrl, sandbox }, asAdmin, publishableKey, region) =>
  check('an order paid in 3 instalments, fulfilled: its shipping_info reaches the service', async () => {
    const order = await firstOrderWithShippingInfo({ backendUrl, admin: asAdmin, publishableKey: publishableKey.token, regionId: region.id, sandbox })
    return `${order.orderId}: ${order.quantity} × ${order.variant}, ${order.amount} EUR; shipping_info ${JSON.stringify(order.shippingInfo).slice(0, 160)}; ${seconds(started)} s since the start`
  })

const adminServed = (backendUrl) =>
  check('the admin is served (GET /app)', async () => {
    const response = await http(`${backendUrl}/app`)
    expectStatus(response, 200, 'GET /app')
    assert(/<div id="medusa"|<script/.test(response.text), 'GET /app is not the admin page')
    return ''
  })

/** The merchant's checks on a store in the range, in order. */
async function merchantJourney(store) {
  const { backendUrl, sandbox } = store
  await registeredFromPackage(store)
  const asAdmin = await adminLogin(backendUrl)
  await providerListed(asAdmin)
  const region = await providerOnSeededRegion(asAdmin)
  const publishableKey = await seededPublishableKey(asAdmin)
  await testKeySaved(asAdmin, sandbox)
  await keyOnlyMasked(asAdmin, backendUrl)
  await plansFromTheService(store, publishableKey)
  await notificationUrlAnswers(backendUrl)
  await sessionCookieOverHttp(backendUrl)
  await orderReachesTheService(store, asAdmin, publishableKey, region)
  await adminServed(backendUrl)
  await nothingFromThisRepository(store)
}

module.exports = { merchantJourney }
