'use strict'

/**
 * The account's own plans on the admin's settings page (admin.browser.js): the sandbox account's
 * plans (its `GET /v1/me/fee-plans`) listed under Plans, one row per plan of the account, each
 * with its label, bounds, the customer's and the merchant's fees, and a switch (on for the
 * store's plans); in English and in French.
 */

const assert = require('node:assert/strict')
const { accessibleText } = require('../a11y')

/**
 * The sandbox account's plans as the settings page must show them (sandbox/merchants.js: the
 * account takes 50.00 to 5,000.00, its 10x credit plan from 500.00; fees on an example cart of
 * 300.00): a row's label, whether its switch is on (the store's plans are 3x and 4x), and what
 * its terms say, whitespace collapsed.
 */
const ACCOUNT_PLANS_EN = [
  { label: '3 instalments', on: true, terms: [/^€50\.00 to €5,000\.00/, /customer pays 1\.45 % \+ €0\.00 \(€4\.35 on a €300\.00 cart\)/, /you pay 1\.5 % \+ €0\.15 \(€4\.65 on a €300\.00 cart\)/] },
  { label: '4 instalments', on: true, terms: [/customer pays 2\.2 %/, /you pay 1\.8 % \+ €0\.15/] },
  { label: '3 instalments, first at shipment', on: false, terms: [/ship within 30 days/] },
  { label: '10 instalments', on: false, terms: [/^€500\.00 to €5,000\.00/, /customer pays interest at 17\.9 % a year/, /you pay 1\.2 %/] },
  { label: 'Pay in 30 days', on: false, terms: [/customer pays 1\.5 %/, /you pay 2\.5 %/] },
]
const ACCOUNT_PLANS_FR = [
  { label: '3 fois', on: true, terms: [/^de 50,00 € à 5 000,00 €/, /le client paie 1,45 % \+ 0,00 € \(4,35 € pour un panier de 300,00 €\)/, /vous payez 1,5 % \+ 0,15 €/] },
  { label: '3 fois, première à l\'expédition', on: false, terms: [/expédier sous 30 jours/] },
  { label: '10 fois', on: false, terms: [/^de 500,00 € à 5 000,00 €/, /le client paie des intérêts à 17,9 % par an/] },
  { label: 'Paiement à 30 jours', on: false, terms: [/le client paie 1,5 %/, /vous payez 2,5 %/] },
]

/** The Plans card of the settings page (the account's plans, then the store's). @param {import('playwright-core').Page} page */
const plansCard = (page) => page.getByTestId('bnpl-service-plans').locator('xpath=..')

/**
 * The account's plans listed as the service defines them: one row per plan the admin API gives
 * for the test account, and the rows `expected` with their switch and terms.
 * @param {import('playwright-core').Page} page @param {string} backendUrl
 * @param {{label: string, on: boolean, terms: RegExp[]}[]} expected
 */
async function assertServicePlans(page, backendUrl, expected) {
  const list = page.getByTestId('bnpl-service-plans')
  await list.waitFor()
  const { settings } = await (await page.request.get(`${backendUrl}/admin/bnpl/settings`)).json()
  const servicePlans = settings.accounts.test.service_plans
  assert.ok(Array.isArray(servicePlans) && servicePlans.length >= 5, `the account's plans are known: ${JSON.stringify(settings.accounts.test.service_plans_problem)}`)
  assert.equal(await list.getByTestId('bnpl-service-plan').count(), servicePlans.length, 'one row per plan of the account')
  for (const { label, on, terms } of expected) {
    const toggle = list.getByRole('switch', { name: label, exact: true })
    assert.equal(await toggle.getAttribute('aria-checked'), String(on), `the switch of "${label}" is ${on ? 'on' : 'off'}`)
    const id = await toggle.getAttribute('id')
    const text = (await list.locator(`[id="${id}-terms"]`).innerText()).replace(/\s+/g, ' ')
    for (const term of terms) assert.match(text, term, `the terms of "${label}": ${text}`)
    // The terms are the switch's description (read with it).
    assert.match((await accessibleText(page, `[id="${id}"]`)).description.replace(/\s+/g, ' '), terms[0], `the description of "${label}"`)
  }
}

module.exports = { ACCOUNT_PLANS_EN, ACCOUNT_PLANS_FR, plansCard, assertServicePlans }
