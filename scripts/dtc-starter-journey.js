#!/usr/bin/env node
'use strict'

/**
 * One instalment purchase through Medusa's DTC starter with docs/storefront.md applied, in
 * Debian's Chromium (playwright-core), against a running demo (`npm run demo`, .demo/demo.json):
 * product page with its teaser, cart, address, delivery, the plan picker, the review's button,
 * the sandbox's hosted page, the return Route Handler, the confirmation with the schedule.
 * With --refuse, the customer refuses on the hosted page and must land on the payment step;
 * with --cancel, the customer leaves the hosted page for the shop's cancel URL (the return URL,
 * as the service would redirect) without paying: the payment step again. Either way the same
 * cart is then paid with 4 instalments, to the confirmation.
 *
 *   node scripts/dtc-starter-journey.js --storefront http://localhost:8100 [--refuse | --cancel]
 *        [--screenshots-dir docs/screenshots] [--demo-file .demo/demo.json]
 *
 * The starter must run against this demo (see docs/storefront.md, "How it was tested").
 */

const fs = require('node:fs')
const path = require('node:path')
const { commandLine } = require('./lib/command-line')
const { readDemoInfo } = require('./lib/demo-info')

const args = commandLine(
  'Usage: node scripts/dtc-starter-journey.js --storefront <url> [--refuse | --cancel] [--screenshots-dir DIR] [--demo-file FILE]\n  One instalment purchase through the DTC starter (docs/storefront.md) against the running demo.'
)
const STOREFRONT = (args.value('--storefront') || 'http://localhost:8000').replace(/\/+$/, '')
const REFUSE = args.has('--refuse')
const CANCEL = args.has('--cancel')
const SCREENSHOTS = args.value('--screenshots-dir')
const COUNTRY = 'fr'
const TARGET_PRICE = 350

const say = (line) => console.log(`[dtc-journey] ${line}`)

async function main() {
  const demo = readDemoInfo(args.value('--demo-file'))
  if (!demo) throw new Error('No .demo/demo.json: start the demo first (npm run demo)')
  const playwright = require('playwright-core')

  // A single-variant product near 350 € (three instalments, every plan eligible).
  const res = await fetch(
    `${demo.backend_url}/store/products?region_id=${demo.region_id}&fields=handle,title,*variants.calculated_price&limit=100`,
    { headers: { 'x-publishable-api-key': demo.publishable_key } }
  )
  const { products } = await res.json()
  const product = products
    .filter((p) => p.variants?.length === 1 && p.variants[0].calculated_price?.calculated_amount && p.handle !== 'gift-card-100')
    .reduce((best, p) =>
      Math.abs(p.variants[0].calculated_price.calculated_amount - TARGET_PRICE) <
      Math.abs(best.variants[0].calculated_price.calculated_amount - TARGET_PRICE)
        ? p
        : best
    )
  say(`product: ${product.title} (${product.variants[0].calculated_price.calculated_amount} €)`)

  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'en-US', timezoneId: 'Europe/Paris' })
  page.setDefaultTimeout(60_000)
  const shot = async (name) => {
    if (!SCREENSHOTS) return
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: false })
    say(`screenshot ${path.join(SCREENSHOTS, name)}`)
  }
  async function choosePlanAndGoToHostedPage(count, screenshot) {
    await page.getByRole('radio', { name: 'Pay in instalments' }).click()
    const picker = page.locator('fieldset.bnpl-picker')
    await picker.waitFor()
    const plans = await picker.locator('.bnpl-plan').allTextContents()
    say(`plans: ${plans.map((p) => p.replace(/\s+/g, ' ').trim()).join(' | ')}`)
    await picker.getByLabel(new RegExp(`${count} instalments`)).check()
    await page.getByTestId('submit-payment-button').scrollIntoViewIfNeeded()
    if (screenshot) await shot('dtc-payment-step.png')
    await page.getByTestId('submit-payment-button').click()
    await page.waitForURL(/step=review/)
    await page.getByTestId('submit-order-button').click()
    await page.waitForURL(/\/pay\//)
    say(`hosted page (${count} instalments): ${page.url()}`)
  }

  try {
    // 1. Product page: the teaser under the price.
    await page.goto(`${STOREFRONT}/${COUNTRY}/products/${product.handle}`)
    const teaser = page.locator('.bnpl-teaser').first()
    say(`product page teaser: "${(await teaser.textContent()).trim()}"`)
    await page.getByTestId('add-product-button').first().click()
    await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid="add-product-button"]')
      return button && !button.disabled && !button.querySelector('svg.animate-spin')
    })
    await page.waitForTimeout(1000)

    // 2. Cart: the teaser in the summary.
    await page.goto(`${STOREFRONT}/${COUNTRY}/cart`)
    say(`cart teaser: "${(await page.locator('.bnpl-teaser').first().textContent()).trim()}"`)
    await page.getByTestId('checkout-button').click()

    // 3. Address.
    await page.waitForURL(/\/checkout/)
    await page.getByTestId('shipping-first-name-input').fill('Camille')
    await page.getByTestId('shipping-last-name-input').fill('Durand')
    await page.getByTestId('shipping-address-input').fill('8 rue du Faubourg Saint-Denis')
    await page.getByTestId('shipping-postal-code-input').fill('75010')
    await page.getByTestId('shipping-city-input').fill('Paris')
    await page.getByTestId('shipping-country-select').selectOption(COUNTRY)
    await page.getByTestId('shipping-email-input').fill('camille.durand@example.com')
    await page.getByTestId('shipping-phone-input').fill('+33123456789')
    await page.getByTestId('submit-address-button').click()

    // 4. Delivery: the first option.
    await page.waitForURL(/step=delivery/)
    await page.getByTestId('delivery-option-radio').first().click()
    await page.waitForTimeout(1500)
    await page.getByTestId('submit-delivery-option-button').click()

    // 5. Payment: instalments, 3 of them; 6. review: to the hosted page.
    await page.waitForURL(/step=payment/)
    await choosePlanAndGoToHostedPage(3, true)
    if (CANCEL) {
      // The cancel URL is the return URL (docs/storefront.md, step 2), with the cart and pid.
      const pid = new URL(page.url()).pathname.split('/').pop()
      const cart = (await page.context().cookies(STOREFRONT)).find((c) => c.name === '_medusa_cart_id')
      await page.goto(`${STOREFRONT}/api/bnpl/return?cart_id=${cart.value}&country_code=${COUNTRY}&pid=${pid}`)
    } else {
      await page.getByRole('button', { name: REFUSE ? 'Refuse' : 'Accept and pay' }).click()
    }

    if (REFUSE || CANCEL) {
      await page.waitForURL(REFUSE ? /\/checkout\?step=payment&bnpl=refused/ : /\/checkout\?step=payment&bnpl=abandoned/)
      say(`back on the payment step: "${(await page.getByTestId('bnpl-return-message').textContent()).trim()}"`)
      // The same cart, paid with another plan this time.
      await choosePlanAndGoToHostedPage(4, false)
      await page.getByRole('button', { name: 'Accept and pay' }).click()
    }
    // 7. Back through the return Route Handler to the confirmation.
    await page.waitForURL(/\/order\/[^/]+\/confirmed/)
    const schedule = await page.locator('.bnpl-schedule').textContent()
    say(`confirmation: ${page.url()}`)
    say(`payment method: ${(await page.getByTestId('payment-method').textContent()).trim()}; schedule: ${schedule.replace(/\s+/g, ' ').trim()}`)
    await page.locator('.bnpl-schedule').scrollIntoViewIfNeeded()
    await shot('dtc-confirmation.png')
    // The cart cookie was cleared: the cart is empty again.
    await page.goto(`${STOREFRONT}/${COUNTRY}/cart`)
    await page.getByTestId('empty-cart-message').waitFor()
    say('cart cookie cleared: the cart page is empty')
    say('OK')
  } catch (e) {
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'dtc-failure.png') }).catch(() => {})
    throw e
  } finally {
    await browser.close()
  }
}

main().catch((e) => {
  console.error(`[dtc-journey] FAILED: ${e.stack || e}`)
  process.exit(1)
})
