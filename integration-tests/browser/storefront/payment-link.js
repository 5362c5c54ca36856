'use strict'

/**
 * A payment link (storefront.browser.js): the merchant adds an item to a placed order (admin API:
 * an order edit), the order owes the difference on a collection of its own, and the customer pays
 * it on the demo's `/payment-collection/<id>` (the page the admin's "Copy payment link" opens), in
 * French: the amount due, the plans with the market's warning, the hosted page, the return paid.
 */

const assert = require('node:assert/strict')
const { eventually } = require('../../../scripts/lib/store-api')

/** @typedef {import('./journey').Journey} Journey */

/** What the order owes after the merchant adds one more of its first item: its collection. */
async function orderOwes(/** @type {Journey} */ j, /** @type {string} */ orderId) {
  const { client } = j
  const { data } = await client.admin('GET', `/admin/orders/${orderId}?fields=*items`)
  const variantId = data.order.items[0].variant_id
  await client.admin('POST', '/admin/order-edits', { order_id: orderId })
  await client.admin('POST', `/admin/order-edits/${orderId}/items`, { items: [{ variant_id: variantId, quantity: 1 }] })
  await client.admin('POST', `/admin/order-edits/${orderId}/request`, {})
  await client.admin('POST', `/admin/order-edits/${orderId}/confirm`, {})
  const { data: owing } = await client.admin('GET', `/admin/orders/${orderId}?fields=display_id,*payment_collections`)
  const owed = owing.order.payment_collections.find((/** @type {any} */ c) => c.status === 'not_paid')
  assert.ok(owed, 'the order owes the edit on a collection of its own')
  return { collectionId: owed.id, displayId: owing.order.display_id }
}

async function paymentLink(/** @type {Journey} */ j) {
  const { page, sandbox, client } = j
  j.begin('a payment link: what an order owes after an edit, paid in instalments on the link page, in French')
  const orderId = j.lastPathPart()
  const { collectionId, displayId } = await orderOwes(j, orderId)
  await page.goto(`${j.storefrontUrl}/payment-collection/${collectionId}?lang=fr`)
  await eventually('the page in French', async () => (await page.evaluate(() => document.documentElement.lang)) === 'fr')
  await page.getByRole('heading', { name: `Paiement de la commande n° ${displayId}` }).waitFor()
  await page.locator('.bnpl-plan').first().waitFor()
  assert.match(await page.locator('.amount-due').textContent(), /^Montant dû\u202f: /)
  await j.auditBoth('payment link')
  await page.locator('label[for="bnpl-plan-3x-d0-m0"]').click()
  await page.locator('.button--pay').click()
  await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
  const pid = j.lastPathPart()
  assert.equal(sandbox.payments.get(pid).custom_data.order_id, orderId, 'the service payment names the order')
  await page.getByRole('button', { name: /Accept and pay|Accepter et payer/ }).click()
  await page.waitForURL(`**/payment-collection/${collectionId}/return**`, { timeout: 60_000 })
  await page.getByRole('heading', { name: 'Merci\u202f! Votre paiement est reçu' }).waitFor({ timeout: 30_000 })
  await j.shot('storefront-payment-link-paid.png')
  await j.auditBoth('payment link paid')
  const { data } = await client.admin('GET', `/admin/orders/${orderId}?fields=*payment_collections,*payment_collections.payments`)
  const paid = data.order.payment_collections.find((/** @type {any} */ c) => c.id === collectionId)
  assert.equal(paid.payments.length, 1, 'the link paid once, on the order')
}

module.exports = { paymentLink }
