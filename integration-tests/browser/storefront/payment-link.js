'use strict'

/**
 * A payment link (storefront.browser.js), as the customer meets it: the merchant adds an item to a
 * placed order (admin API: an order edit), the order owes the difference on a collection of its
 * own, the merchant sends the instalment link by e-mail (the admin card's route), and the customer
 * opens the e-mail's link on a phone that never saw the shop (a new browser context, 390 px): the
 * demo's `/payment-collection/<id>` in the e-mail's language (French), the amount due, the plans
 * with the market's warning, cost and representative example, the hosted page, the return paid.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { eventually } = require('../../../scripts/lib/store-api')
const { createCreditChecks, MARKETS } = require('../credit')

/** @typedef {import('./journey').Journey} Journey */

const PHONE = { width: 390, height: 844 }
const FRANCE = MARKETS.find((m) => m.market === 'FR')

/** What the order owes after the merchant adds one more of its first item: its collection. */
async function orderOwes(/** @type {Journey} */ j, /** @type {string} */ orderId) {
  const { client } = j
  const { data } = await client.admin('GET', `/admin/orders/${orderId}?fields=*items`)
  const variantId = data.order.items[0].variant_id
  await client.admin('POST', '/admin/order-edits', { order_id: orderId })
  await client.admin('POST', `/admin/order-edits/${orderId}/items`, { items: [{ variant_id: variantId, quantity: 1 }] })
  await client.admin('POST', `/admin/order-edits/${orderId}/request`, {})
  await client.admin('POST', `/admin/order-edits/${orderId}/confirm`, {})
  const { data: owing } = await client.admin('GET', `/admin/orders/${orderId}?fields=display_id,email,*payment_collections`)
  const owed = owing.order.payment_collections.find((/** @type {any} */ c) => c.status === 'not_paid')
  assert.ok(owed, 'the order owes the edit on a collection of its own')
  return { collectionId: owed.id, displayId: owing.order.display_id, email: owing.order.email }
}

/** The merchant's "Send by e-mail" (the admin card's route); the e-mail as Medusa's Notification Module recorded it. */
async function emailTheLink(/** @type {Journey} */ j, /** @type {string} */ orderId, /** @type {{collectionId: string, email: string}} */ owed) {
  const { client } = j
  await client.admin('POST', `/admin/bnpl/orders/${orderId}/payment-links`, { payment_collection_id: owed.collectionId })
  const { data } = await client.admin('GET', `/admin/notifications?channel=email&to=${encodeURIComponent(owed.email)}&fields=*`)
  const mail = data.notifications.find((/** @type {any} */ n) => n.resource_id === owed.collectionId)
  assert.ok(mail, 'the link went out by e-mail, to the order\'s address')
  assert.equal(mail.template, 'bnpl-payment-link')
  return mail.data
}

async function paymentLink(/** @type {Journey} */ j) {
  const { page, sandbox, client, audit, log } = j
  j.begin('a payment link: an edit owed, e-mailed, opened on the customer\'s phone and paid in instalments, in French')
  const orderId = j.lastPathPart()
  // The customer speaks French (the merchant notes it on the order, as Medusa's admin lets one).
  await client.admin('POST', `/admin/orders/${orderId}`, { locale: 'fr-FR' })
  const owed = await orderOwes(j, orderId)
  const mail = await emailTheLink(j, orderId, owed)
  assert.equal(mail.language, 'fr', 'the e-mail in the customer\'s language')
  assert.match(mail.subject, new RegExp(`^Commande n° ${owed.displayId}\u202f: `))
  // The market's warning, as the plugin's legal texts give it (the kit typesets it on the page).
  const plain = (/** @type {string} */ s) => s.replace(/[\s\u00a0\u202f]+/g, ' ').replace(/\u2019/g, "'")
  assert.equal(plain(mail.warning), plain(FRANCE.warning), 'the e-mail carries the market\'s warning')
  const link = new URL(mail.url)
  assert.equal(link.origin, new URL(j.storefrontUrl).origin, 'the link leads to the store\'s storefront (admin.storefrontUrl)')
  assert.equal(link.pathname, `/payment-collection/${owed.collectionId}`)

  // The customer's phone: a browser that never saw the shop (no language, no cart remembered).
  const phoneContext = await /** @type {import('playwright-core').Browser} */ (page.context().browser()).newContext({ viewport: PHONE })
  const phone = await phoneContext.newPage()
  phone.setDefaultTimeout(30_000)
  try {
    await phone.goto(mail.url)
    await eventually('the link page in the e-mail\'s language', async () => (await phone.evaluate(() => document.documentElement.lang)) === 'fr')
    await phone.getByRole('heading', { name: `Paiement de la commande n° ${owed.displayId}` }).waitFor()
    await phone.locator('.bnpl-plan').first().waitFor()
    assert.match(await phone.locator('.amount-due').textContent(), /^Montant dû\u202f: /)
    // The plans with the market's warning, the cost and APR, the representative example (as checkout).
    const credit = createCreditChecks(phone, { log })
    const picker = phone.locator('.bnpl-picker')
    assert.equal(await picker.locator('input[type="radio"]:checked').count(), 0, 'no plan checked before the customer chooses')
    await credit.assertOffer(picker, FRANCE, 'payment link page')
    await audit.check(phone, 'payment link, opened from the e-mail on a phone (fr)')
    // And in English (the demo's language switch), then back.
    const phoneLang = () => phone.evaluate(() => document.documentElement.lang)
    await phone.locator('.lang-switch').click()
    await eventually('the link page in English', async () => (await phoneLang()) === 'en')
    await audit.check(phone, 'payment link, on a phone (en)')
    await phone.locator('.lang-switch').click()
    await eventually('the link page in French again', async () => (await phoneLang()) === 'fr')
    await phone.locator('label[for="bnpl-plan-3x-d0-m0"]').click()
    await phone.locator('.button--pay').click()
    await phone.waitForURL((url) => url.pathname.startsWith('/pay/'))
    const pid = new URL(phone.url()).pathname.split('/').pop()
    assert.equal(sandbox.payments.get(pid).custom_data.order_id, orderId, 'the service payment names the order')
    await phone.getByRole('button', { name: /Accept and pay|Accepter et payer/ }).click()
    await phone.waitForURL(`**/payment-collection/${owed.collectionId}/return**`, { timeout: 60_000 })
    await phone.getByRole('heading', { name: 'Merci\u202f! Votre paiement est reçu' }).waitFor({ timeout: 30_000 })
    await phone.screenshot({ path: path.join(j.screenshotsDir, 'storefront-payment-link-paid.png'), fullPage: true })
    await audit.check(phone, 'payment link paid, on a phone (fr)')
  } finally {
    await phoneContext.close()
  }
  const { data } = await client.admin('GET', `/admin/orders/${orderId}?fields=*payment_collections,*payment_collections.payments`)
  const paid = data.order.payment_collections.find((/** @type {any} */ c) => c.id === owed.collectionId)
  assert.equal(paid.payments.length, 1, 'the link paid once, on the order')
  // The merchant's card says so.
  await eventually('the admin card says paid', async () => {
    const { data: links } = await client.admin('GET', `/admin/bnpl/orders/${orderId}/payment-links`)
    return links.payment_links.collections.find((/** @type {any} */ c) => c.payment_collection_id === owed.collectionId)?.link.state === 'paid'
  })
}

module.exports = { paymentLink }
