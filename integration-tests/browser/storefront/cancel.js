'use strict'

/**
 * Payments that do not end in an order, then one that does (storefront.browser.js): "Cancel and
 * return to the shop" on the hosted page → back at checkout with a notice, no order; a refused
 * payment → the checkout says so, no order; French chosen before the hosted page stays French
 * after it; the same cart paid on a second try: exactly one order, whose number follows the
 * previous order's (cancels and refusals use up no order number). And the excluded gift card: no
 * teaser on its page; in a cart, the reason.
 */

const assert = require('node:assert/strict')

/** @typedef {import('./journey').Journey} Journey */

async function cancelPath(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('cancel path: back from the hosted page to checkout')
  await j.checkoutWith('oak-side-table', 'Relay point')
  const cancelled = await j.payWith(4)
  await j.cancelOnHostedPage()
  await page.locator('.bnpl-picker').waitFor()
  assert.equal((await j.ordersOfPayment(cancelled)).length, 0)
  await j.auditBoth('after a cancel')
}

async function refusedPayment(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('a refused payment')
  const refused = await j.payWith(3)
  await page.getByRole('button', { name: 'Refuse' }).click()
  await page.waitForURL('**/checkout?bnpl=cancelled**')
  await page.locator('.notice--refused').waitFor()
  assert.match(await page.locator('.notice--refused').textContent(), /refused/)
  assert.equal((await j.ordersOfPayment(refused)).length, 0)
  assert.equal(j.sandbox.payments.get(refused).state, 'scored_no')
  await j.auditBoth('after a refusal')
}

async function frenchAcrossHostedPage(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('French chosen before the hosted page: still French after it')
  await j.switchLanguage('fr', 'French')
  const roundTrip = await j.payWith(3)
  // The storefront's language (x-medusa-locale) reached the service with the payment.
  assert.equal(j.sandbox.payments.get(roundTrip).locale, 'fr')
  await page.getByTestId('customer-language').getByText("Customer's language: fr.", { exact: false }).waitFor()
  await j.cancelOnHostedPage()
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr')
  assert.equal(await page.locator('.bnpl-picker').getAttribute('lang'), 'fr-FR')
  assert.equal(await page.title(), 'Commander · Maison Demo')
  assert.equal((await j.ordersOfPayment(roundTrip)).length, 0)
  await j.switchLanguage('en', 'English')
}

async function paidOnSecondTry(/** @type {Journey} */ j, /** @type {number} */ firstNumber) {
  const { page } = j
  j.begin('the same cart paid on a second try: one order')
  const paid = await j.payWith(4)
  await j.acceptOnHostedPage()
  await page.locator('.confirmation .bnpl-schedule').waitFor()
  assert.equal(await page.locator('.confirmation .bnpl-schedule__row').count(), 4)
  assert.equal((await j.ordersOfPayment(paid)).length, 1)
  // Two cancels and a refusal used up no order number: this order follows the first one.
  assert.match(await page.locator('.confirmation h1').textContent(), new RegExp(`Order #${firstNumber + 1} is confirmed`))
}

async function excludedProduct(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('an excluded product: no teaser on its page; in a cart, the reason, greyed')
  await j.emptyCart()
  const giftCardPlans = page.waitForResponse((r) => r.url().includes('/store/bnpl/eligibility') && r.url().includes('product_ids='))
  await page.goto(`${j.storefrontUrl}/products/gift-card-100`)
  const answer = await (await giftCardPlans).json()
  assert.equal(answer.eligibilities[0].unavailable_reason, 'excluded_products')
  await page.locator('.product .price').waitFor()
  await page.getByRole('button', { name: 'Add to cart' }).waitFor()
  assert.equal(await page.locator('.product .bnpl-teaser').count(), 0)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.waitForURL('**/cart')
  const excluded = page.locator('.bnpl-teaser--ineligible')
  await excluded.waitFor()
  assert.match(await excluded.textContent(), /not available for “Gift Card 100”/)
  await j.auditBoth('cart with an excluded product')
}

module.exports = { cancelPath, refusedPayment, frenchAcrossHostedPage, paidOnSecondTry, excludedProduct }
