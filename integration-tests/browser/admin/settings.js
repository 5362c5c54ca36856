'use strict'

/**
 * The admin's settings in English (admin.browser.js): the login at /app; Settings > Instalment
 * payments with the seeded checkout rules (bounds on 4 instalments, the gift cards' category
 * excluded); a bad plan gets the backend's 400 message; the sandbox key saved and only its mask
 * shown afterwards (never the key, anywhere in the page); Verify says it works; a shipping
 * option's mapping overridden; the account's own plans; accessibility; the legal texts.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { accessibleText } = require('../a11y')
const { pressButton, saveSettings, openSettingsFromMenu, expressRowOf, screenshot } = require('./pages')
const { ACCOUNT_PLANS_EN, plansCard, assertServicePlans } = require('./account-plans')

/** The dev server compiles the dashboard on the first visit. */
const FIRST_LOAD_TIMEOUT_MS = 180_000

/** @typedef {import('./journey').AdminJourney} AdminJourney */

/** The sandbox key as the page masks it: its prefix, then its last four characters. */
const maskOf = (/** @type {string} */ apiKey) => `${apiKey.slice(0, apiKey.indexOf('_', 3) + 1)}...${apiKey.slice(-4)}`

async function logIn(/** @type {AdminJourney} */ a) {
  const { page, admin } = a
  a.begin('opening the admin login (first load compiles the dashboard)')
  await page.goto(`${a.backendUrl}/app/login`, { timeout: FIRST_LOAD_TIMEOUT_MS })
  await page.locator('input[name="email"]').waitFor({ timeout: FIRST_LOAD_TIMEOUT_MS })
  a.begin(`logging in as ${admin.email}`)
  await page.locator('input[name="email"]').fill(admin.email)
  await page.locator('input[name="password"]').fill(admin.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 60_000 })
}

/** Settings > Instalment payments, with no key yet; the store's shipping options listed; the demo's rules. */
async function settingsPage(/** @type {AdminJourney} */ a) {
  const { page } = a
  a.begin('Settings > Instalment payments')
  const settings = await openSettingsFromMenu(page, a.backendUrl, 'Instalment payments')
  await settings.waitFor()
  await settings.getByText('No API key', { exact: true }).waitFor()

  // The store's four shipping options are listed (with or without the explained mapping).
  for (const option of a.seed.shipping_options) {
    await page.getByTestId('bnpl-shipping-options').getByText(option.name, { exact: true }).waitFor()
  }

  a.begin("the demo's checkout rules are shown: bounds on 4 instalments, gift cards excluded")
  assert.equal(await page.getByLabel('Plan 2: minimum amount').inputValue(), '150')
  assert.equal(await page.getByLabel('Plan 2: maximum amount').inputValue(), '2000')
  await page.getByTestId('bnpl-exclusions').getByText('Gift cards', { exact: true }).waitFor()
}

async function refusedPlan(/** @type {AdminJourney} */ a) {
  const { page } = a
  a.begin('a plan the backend refuses gets its 400 message')
  await page.getByTestId('bnpl-add-plan').click()
  const newPlan = page.getByLabel(/Plan \d+: number of instalments/).last()
  await newPlan.fill('99')
  await pressButton(page.getByTestId('bnpl-save'))
  const saveError = page.getByTestId('bnpl-save-error')
  await saveError.waitFor()
  const errorText = await saveError.innerText()
  assert.match(errorText, /installments_count|plans/, `the 400 message names the field: ${errorText}`)
  await pressButton(page.getByRole('button', { name: 'Discard' }))
  // Discarded: the form is back to what is saved (nothing left to send with the key below).
  await page.getByText(/^Unsaved changes/).waitFor({ state: 'detached' })
}

async function saveKeyAndVerify(/** @type {AdminJourney} */ a) {
  const { page, apiKey } = a
  a.begin('saving the API key')
  await page.locator('#bnpl-api-key-test').fill(apiKey)
  const saveResponse = await saveSettings(page)
  assert.deepEqual(Object.keys(saveResponse.request().postDataJSON()), ['test_api_key'], 'only the changed field is sent')
  await page.getByTestId('bnpl-key-hint-test').getByText(maskOf(apiKey), { exact: true }).waitFor()
  await page.getByTestId('bnpl-settings').getByText('Key set', { exact: true }).waitFor()
  assert.equal(await page.locator('#bnpl-api-key-test').inputValue(), '', 'the key input is emptied after saving')

  a.begin('Verify')
  await page.getByTestId('bnpl-verify-test').click()
  const verdict = page.getByTestId('bnpl-verify-result')
  await verdict.waitFor()
  assert.equal(await verdict.getAttribute('data-result'), 'works', `verify says: ${await verdict.innerText()}`)
  await verdict.getByText('Works', { exact: true }).waitFor()
  await verdict.getByTestId('bnpl-notification-url').getByText(`${a.backendUrl}/hooks/bnpl/notification`, { exact: false }).waitFor()
}

async function shippingOverride(/** @type {AdminJourney} */ a) {
  const { page } = a
  a.begin('overriding how a shipping option is sent')
  const expressRow = expressRowOf(page)
  await expressRow.getByText('Express', { exact: true }).waitFor() // detected from its name
  await page.getByRole('combobox', { name: 'Delivery method for Express 24h' }).click()
  await page.getByRole('option', { name: 'Pickup point' }).click()
  await page.getByRole('combobox', { name: 'Express for Express 24h' }).click()
  await page.getByRole('option', { name: 'No', exact: true }).click()
  const overrideResponse = await saveSettings(page)
  const overrideBody = overrideResponse.request().postDataJSON()
  const expressId = a.seed.shipping_options.find((/** @type {any} */ o) => o.name === 'Express 24h').id
  assert.deepEqual(overrideBody, {
    shipping_method_overrides: { [expressId]: { shipping_method: 'pickup_point', express_delivery: false } },
  })
  await expressRow.getByText('set in the plugin settings; express set in the plugin settings').waitFor()
  await expressRow.getByText('Pickup point', { exact: true }).first().waitFor()
  assert.equal(await expressRow.getByText('Express', { exact: true }).count(), 0, 'no longer sent as express')
}

async function keyStaysAfterReload(/** @type {AdminJourney} */ a) {
  const { page, apiKey } = a
  a.begin('reloading: the key stays set, and is never in the page')
  await page.reload()
  await page.getByTestId('bnpl-key-hint-test').getByText(maskOf(apiKey), { exact: true }).waitFor()
  await page.getByTestId('bnpl-verify-test').click()
  await page.locator('[data-testid="bnpl-verify-result"][data-result="works"]').waitFor()
  assert.ok(!(await page.content()).includes(apiKey), 'the API key appears in the page')
  await a.shoot('settings.png')

  a.begin("the account's own plans: labels, bounds, fees and switches")
  await assertServicePlans(page, a.backendUrl, ACCOUNT_PLANS_EN)
  await a.shoot('settings-plans.png', plansCard(page), { only: true })
}

async function settingsAccessible(/** @type {AdminJourney} */ a) {
  const { page } = a
  a.begin('accessibility: settings, payments without an order (English)')
  // Hints and descriptions are read with their controls (aria-describedby).
  const capture = await accessibleText(page, '#bnpl-auto-capture')
  assert.match(capture.description, /\S/, 'the auto-capture switch has its description')
  assert.match((await accessibleText(page, '#bnpl-api-url-test')).description, /Current value/, 'the URL field has its hint')
  assert.match((await accessibleText(page, '#bnpl-mode')).description, /\S/, 'the mode select has its note')
  await a.check('admin settings (en)')
  await a.auditPayments('en')
  await a.auditReconciliation('en')
}

async function legalTexts(/** @type {AdminJourney} */ a) {
  const { page } = a
  a.begin('Legal texts: the Netherlands opened by keyboard, its fields labelled, axe')
  await page.goto(`${a.backendUrl}/app/settings/bnpl`)
  const legal = page.getByTestId('bnpl-legal')
  await legal.getByTestId('bnpl-legal-responsibility').waitFor()
  const nl = page.getByTestId('bnpl-legal-NL')
  await nl.locator('summary').focus()
  await page.keyboard.press('Enter')
  await nl.locator('#bnpl-legal-NL-artwork').waitFor()
  assert.match((await accessibleText(page, '#bnpl-legal-NL-artwork')).name, /\S/, 'the AFM artwork URL field has its label')
  await a.check('admin settings, legal texts (en)')
  await screenshot(page, path.join(a.screenshotsDir, 'settings-legal.png'), nl, { only: true })
}

module.exports = { logIn, settingsPage, refusedPlan, saveKeyAndVerify, shippingOverride, keyStaysAfterReload, settingsAccessible, legalTexts }
