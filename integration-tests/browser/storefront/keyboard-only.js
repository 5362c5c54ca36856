'use strict'

/**
 * Keyboard only (keyboard.js; storefront.browser.js): product page → cart → checkout (address
 * typed field by field, delivery and plan chosen with the arrows, the greyed plan skipped) →
 * Accept on the hosted page → confirmation, with Tab, Shift+Tab, Enter, Space and arrows alone;
 * after each key the focus is on the expected element (role and accessible name) and shows.
 */

const assert = require('node:assert/strict')
const { eventually } = require('../../../scripts/lib/store-api')
const { createKeyboard } = require('../keyboard')
const { ADDRESS, ADDRESS_LABELS } = require('./journey')

/** The store's delivery options, by the names the arrows are checked against. */
const OPTION_NAMES = ['Colissimo Home', 'Express 24h', 'Relay point Mondial Relay', 'Click and collect', 'Collect at the counter']

/** @typedef {import('./journey').Journey} Journey @typedef {ReturnType<typeof createKeyboard>} Keys */

/** The product page's header, example and button, the cart, then the address typed field by field. */
async function toTheAddress(/** @type {Journey} */ j, /** @type {Keys} */ keys) {
  const { page } = j
  // The header, then the product's button (its heading takes no Tab: tabindex -1).
  await keys.tab({ role: 'link', name: 'Maison Demo' })
  await keys.tab({ role: 'link', name: 'Shop' })
  await keys.tab({ role: 'link', name: 'Cart' })
  await keys.tab({ role: 'button', name: 'Afficher la boutique en français' })
  await keys.tab({ role: 'combobox', name: /^Shop country/ })
  // The teaser's representative example: opened, Tab kept inside, closed with Escape.
  await keys.tab({ role: 'button', name: 'Representative example' })
  await j.credit.exampleByKeyboard(page.locator('.product .bnpl-example-button'), 'en', { reached: true })
  await keys.tab({ role: 'button', name: 'Add to cart' })
  await keys.press('Enter', { role: 'heading', name: 'Your cart' })
  // The cart's offer comes with its plans (a request): Tab once it is there.
  await page.locator('.page .bnpl-offer .bnpl-example-button').waitFor()
  await keys.tab({ role: 'button', name: 'Representative example' })
  await keys.tab({ role: 'link', name: 'Checkout' })
  await keys.press('Enter', { role: 'heading', name: 'Checkout' })
  for (const [field, value] of Object.entries(ADDRESS)) {
    await keys.tab({ role: 'textbox', name: ADDRESS_LABELS[field] })
    await keys.type(value)
  }
  await keys.tab({ role: 'combobox', name: /^Country/ })
  await keys.shiftTab({ role: 'textbox', name: 'City' })
  await keys.tab({ role: 'combobox', name: /^Country/ })
  await keys.tab({ role: 'button', name: 'Continue to delivery' })
  await keys.press('Enter', { role: 'heading', name: '2. Delivery' }, { timeoutMs: 20_000 })
}

/** Delivery: the arrows choose, one option after the other, and the focus stays in the group; Express 24h last. */
async function deliveryByArrows(/** @type {Journey} */ j, /** @type {Keys} */ keys) {
  const { page } = j
  // The store lists its options in its own order: the arrows are checked against the order shown.
  const shown = await page
    .locator('fieldset', { hasText: 'Choose a delivery' })
    .locator('input[type=radio]')
    .evaluateAll((els) => els.map((el) => (el.closest('label') ?? el.labels?.[0])?.textContent?.trim() ?? ''))
  const optionOrder = shown.map((text) => OPTION_NAMES.find((name) => text.startsWith(name)) ?? text)
  const at = (i) => ({ test: (name) => String(name).startsWith(optionOrder[i]), toString: () => optionOrder[i] })
  const express = optionOrder.indexOf('Express 24h')
  assert.ok(express >= 0 && optionOrder.length >= 3, `the delivery options shown: ${shown.join(' | ')}`)
  // Tab reaches the first option (none chosen yet); the arrows then go to Express 24h, through
  // at least one other option on the way.
  await keys.tab({ role: 'radio', name: at(0), checked: false })
  const route = express === 0 ? [1, 0] : express === 1 ? [1, 2, 1] : Array.from({ length: express }, (_, i) => i + 1)
  let was = 0
  for (const to of route) {
    await keys.press(to > was ? 'ArrowDown' : 'ArrowUp', { role: 'radio', name: at(to), checked: true })
    was = to
  }
  const third = { name: optionOrder[express === 0 ? 1 : express === 1 ? 2 : 1] }
  // The payment step follows once the cart holds the last one chosen (349.00 + 12.90 express).
  await eventually('the cart with Express 24h', async () => /Express 24h[\s\S]*€361\.90/.test(await page.locator('.summary').textContent()), { timeoutMs: 20_000 })
  await page.locator('.bnpl-picker').waitFor()
  j.log(`  (${third.name} chosen on the way, then Express 24h again: the cart has it)`)
}

/** The plans: 3 and 4 instalments, 10 greyed (from 500 €): Space chooses, the arrows skip it; then the payment, accepted. */
async function planAndPayment(/** @type {Journey} */ j, /** @type {Keys} */ keys) {
  const { page } = j
  assert.equal(await page.locator('#bnpl-plan-10x-d0-m0').isDisabled(), true)
  await keys.tab({ role: 'radio', name: /^Pay in 3 instalments €[\d.,]+ today, then 2 × /, checked: false, card: true })
  await keys.press(' ', { role: 'radio', name: /^Pay in 3 instalments/, checked: true, card: true })
  await keys.press('ArrowDown', { role: 'radio', name: /^Pay in 4 instalments €[\d.,]+ today, then 3 × /, checked: true, card: true })
  await keys.press('ArrowDown', { role: 'radio', name: /^Pay in 3 instalments/, checked: true, card: true })
  await keys.press('ArrowUp', { role: 'radio', name: /^Pay in 4 instalments/, checked: true, card: true })
  // The chosen plan's representative example, then the payment.
  await keys.tab({ role: 'button', name: 'Representative example' })
  await keys.tab({ role: 'button', name: 'Pay €361.90 in instalments' })
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
  const keyboardPid = j.lastPathPart()
  // The hosted page: Accept reached by Tab.
  await keys.tab({ role: 'button', name: 'Accept and pay' })
  await keys.tab({ role: 'button', name: 'Refuse' })
  await keys.shiftTab({ role: 'button', name: 'Accept and pay' })
  await page.keyboard.press('Enter')
  await page.waitForURL('**/order/**', { timeout: 60_000 })
  return keyboardPid
}

async function keyboardOnly(/** @type {Journey} */ j) {
  const { page, log } = j
  j.begin('keyboard only: product page to confirmation')
  await j.emptyCart()
  await page.goto(`${j.storefrontUrl}/products/oak-side-table`)
  await page.locator('.product .bnpl-teaser').waitFor()
  const keys = createKeyboard(page, { log })
  await toTheAddress(j, keys)
  await deliveryByArrows(j, keys)
  const keyboardPid = await planAndPayment(j, keys)
  const confirmed = await keys.expectFocus({ role: 'heading', name: /^Thank you! Order #\d+ is confirmed$/ }, { timeoutMs: 20_000 })
  log(`  (back from the hosted page) → heading "${confirmed.name}"`)
  const [keyboardOrder] = await j.ordersOfPayment(/** @type {string} */ (keyboardPid))
  assert.equal(keyboardOrder?.id, j.lastPathPart())
  const keyboardPayment = keyboardOrder.payment_collections.flatMap((pc) => pc.payments).find((p) => p.data?.bnpl_payment_id === keyboardPid)
  assert.equal(keyboardPayment.data.installments_count, 4)
  // The delivery chosen last (Express 24h), not one the arrows went through: 349.00 + 12.90.
  assert.equal(keyboardPayment.amount, 361.9)
  log(`keyboard only: ${keys.presses()} keys, no click, the focus where expected and visible at each`)
}

module.exports = { keyboardOnly }
