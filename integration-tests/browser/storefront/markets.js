'use strict'

/**
 * Credit advertising in every market the demo shows (`?lang=` and `?country=`; credit.js): the
 * product page, the cart and the plan picker carry the market's warning, the cost and APR, the
 * example; the kit's texts, dates and amounts in the page's language (German, Spanish, Italian,
 * Dutch and Portuguese: the kit's label and the instalment in the locale's money); then the
 * confirmation in each market. Steps of storefront.browser.js.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { MARKETS } = require('../credit')
const { squashSpaces } = require('./journey')

/** The service's other languages: the demo's `?lang=`, the kit's locale, its label of the 3x plan. */
const OTHER_LANGUAGES = [
  ['de', 'de-DE', 'In 3 Raten bezahlen'],
  ['es', 'es-ES', 'Pagar en 3 plazos'],
  ['it', 'it-IT', 'Paga in 3 rate'],
  ['nl', 'nl-NL', 'Betaal in 3 termijnen'],
  ['pt', 'pt-PT', 'Pagar em 3 prestações'],
]

/** @typedef {import('./journey').Journey} Journey */

/** The picker in a language the service speaks beyond English and French: the kit's label and money; its country's picture. */
async function pickerInItsLanguage(/** @type {Journey} */ j, pickerIn, m, language) {
  // The kit's label and the instalment in the locale's money.
  const [lang, kitLocale, label] = language
  assert.equal(await pickerIn.getAttribute('lang'), kitLocale)
  await pickerIn.locator('label[for="bnpl-plan-3x-d0-m0"]').click()
  const first = squashSpaces(await pickerIn.locator('.bnpl-plan').first().textContent())
  assert.ok(first.includes(label), `the 3x plan's label in ${kitLocale}: ${first}`)
  const amount = squashSpaces(new Intl.NumberFormat(kitLocale, { style: 'currency', currency: 'EUR' }).format(47.6))
  // The headline: what is due today, then "2 × <the instalment>".
  assert.ok(first.includes(`2 × ${amount}`), `the instalment in ${kitLocale} (${amount}): ${first}`)
  if (m.country === lang) {
    const file = path.join(j.screenshotsDir, `storefront-plans-${lang}.png`)
    await j.page.locator('.step').filter({ has: pickerIn }).screenshot({ path: file })
    j.log(`screenshot ${path.relative(process.cwd(), file)}`)
  }
}

/** The product page, the cart and the plan picker in market `m`. */
async function oneMarket(/** @type {Journey} */ j, /** @type {(typeof MARKETS)[number]} */ m) {
  const { page, storefrontUrl } = j
  const query = `?lang=${m.lang}&country=${m.country}`
  j.begin(`credit advertising in the ${m.market} market (${query})`)
  await page.goto(`${storefrontUrl}/products/merino-wool-sweater${query}`)
  const productOffer = page.locator('.product .bnpl-offer')
  await j.assertOfferAtWidths(productOffer, m, 'product page')
  await j.credit.exampleByKeyboard(productOffer.locator('.bnpl-example-button'), m.lang)
  await j.audit.check(page, `product page (${m.market}, ${m.lang})`)
  // README's pictures: a French product page with its warning, a Dutch one with AFM's symbol.
  if (m.market === 'FR' || m.market === 'NL') await j.shot(`storefront-product-${m.market.toLowerCase()}.png`, productOffer)
  await page.goto(`${storefrontUrl}/cart${query}`)
  await j.assertOfferAtWidths(page.locator('.page .bnpl-offer'), m, 'cart')
  await j.audit.check(page, `cart (${m.market}, ${m.lang})`)

  await page.goto(`${storefrontUrl}/checkout${query}`)
  const pickerIn = page.locator('.bnpl-picker')
  await pickerIn.waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.lang), m.lang)
  assert.equal(await pickerIn.locator('input[type="radio"]:checked').count(), 0, `${m.market}: no plan checked before the customer chooses`)
  await j.assertOfferAtWidths(pickerIn, m, 'plan picker')
  const language = OTHER_LANGUAGES.find(([lang]) => lang === m.lang)
  if (language) await pickerInItsLanguage(j, pickerIn, m, language)
  await j.audit.check(page, `plan picker (${m.market}, ${m.lang})`)
}

/** Every market in turn, then back to English in France with the 3x plan chosen. */
async function everyMarket(/** @type {Journey} */ j) {
  for (const m of MARKETS) await oneMarket(j, m)
  await j.page.goto(`${j.storefrontUrl}/checkout?lang=en&country=fr`)
  await j.page.locator('.bnpl-picker[lang="en-GB"] label[for="bnpl-plan-3x-d0-m0"]').click()
}

/** The confirmation's schedule in every market; then back to it in English. */
async function confirmationInEveryMarket(/** @type {Journey} */ j) {
  const { page, storefrontUrl } = j
  j.begin('the confirmation in every market')
  const confirmedUrl = new URL(page.url()).pathname
  for (const m of MARKETS) {
    await page.goto(`${storefrontUrl}${confirmedUrl}?lang=${m.lang}&country=${m.country}`)
    await j.assertOfferAtWidths(page.locator('.confirmation .bnpl-schedule'), m, 'confirmation')
    await j.audit.check(page, `confirmation (${m.market}, ${m.lang})`)
  }
  await page.goto(`${storefrontUrl}${confirmedUrl}?lang=en&country=fr`)
  await page.locator('.confirmation .bnpl-schedule').waitFor()
}

module.exports = { everyMarket, confirmationInEveryMarket }
