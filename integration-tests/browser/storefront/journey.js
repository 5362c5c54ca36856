'use strict'

/**
 * What the demo storefront's journey steps share (storefront.browser.js runs them in order on
 * one page): the step being run (for the failure message), screenshots, the axe audit in English
 * and French, the credit checks at every width, the focus, the plans' descriptions in Chromium's
 * accessibility tree, the admin API (orders of a service payment, the merchant's plans), and the
 * customer's moves: to the payment step, to the hosted page, back from it.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { medusaClient, eventually } = require('../../../scripts/lib/store-api')
const { createAudit, accessibleText } = require('../a11y')
const { createCreditChecks, MARKETS } = require('../credit')
const { createSteps } = require('../steps')

/** The widths every market's offers are checked at (as axe's). */
const WIDTHS = [1280, 320]
/** Intl's and Chromium's no-break spaces, as plain ones. */
const squashSpaces = (/** @type {string | null} */ text) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ')
/** The address fields' labels (what the keyboard journey expects to reach, in order). */
const ADDRESS_LABELS = { email: 'Email', first_name: 'First name', last_name: 'Last name', address_1: 'Address', postal_code: 'Postal code', city: 'City' }
const ADDRESS = { email: 'jeanne@example.com', first_name: 'Jeanne', last_name: 'Martin', address_1: '3 rue des Lilas', postal_code: '69003', city: 'Lyon' }
/** The demo opens in English with France as its country: the French market's warning (in French). */
const FR_IN_ENGLISH = { ...MARKETS.find((m) => m.market === 'FR'), lang: 'en' }

/**
 * @typedef {ReturnType<typeof createJourney>} Journey
 * @param {{storefrontUrl: string, backendUrl: string, sandbox: any, seed: any, screenshotsDir: string, log: (line: string) => void}} ctx
 * @param {import('playwright-core').Page} page
 */
function createJourney(ctx, page) {
  const { backendUrl, log } = ctx
  const steps = createSteps(log)
  const audit = createAudit({ log })
  const credit = createCreditChecks(page, { log })
  const client = medusaClient(backendUrl)
  const lang = () => page.evaluate(() => document.documentElement.lang)

  const j = {
    ...ctx,
    page,
    audit,
    credit,
    client,
    /** The step being run (`steps.current`, named in the failure). */
    steps,
    begin: steps.begin,
    async shot(/** @type {string} */ name, /** @type {import('playwright-core').Locator | undefined} */ focus) {
      const file = path.join(ctx.screenshotsDir, name)
      if (focus) await focus.scrollIntoViewIfNeeded()
      await page.screenshot({ path: file, fullPage: true })
      log(`screenshot ${path.relative(process.cwd(), file)}`)
    },
    /** The demo's language switch, clicked; resolves once the page is in `to` (`label`: how a failure names it). */
    async switchLanguage(/** @type {string} */ to, label = to) {
      await page.locator('.lang-switch').click()
      await eventually(`the page in ${label}`, async () => (await lang()) === to)
    },
    /** axe in English, then in French (the demo's language switch keeps the page's state), at both widths. */
    async auditBoth(/** @type {string} */ state) {
      const was = await lang()
      await audit.check(page, `${state} (${was})`)
      const other = was === 'fr' ? 'en' : 'fr'
      await j.switchLanguage(other)
      await audit.check(page, `${state} (${other})`)
      await j.switchLanguage(was)
    },
    /** The offer `offer` of `surface` in market `m`, at each width (the viewport restored after). */
    async assertOfferAtWidths(/** @type {import('playwright-core').Locator} */ offer, /** @type {(typeof MARKETS)[number]} */ m, /** @type {string} */ surface) {
      const before = page.viewportSize()
      try {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: before?.height ?? 900 })
          await credit.assertOffer(offer, m, surface)
        }
      } finally {
        if (before) await page.setViewportSize(before)
      }
    },
    /** What has the focus: "H1 Checkout", "H2 3. Payment", "P.error ...". */
    focused: () =>
      page.evaluate(() => {
        const el = document.activeElement
        return el ? `${el.tagName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} ${el.textContent?.trim().slice(0, 60)}` : ''
      }),
    /** The service payment or order id: the current URL's last part. */
    lastPathPart: () => new URL(page.url()).pathname.split('/').pop(),
    /** The demo's cart forgotten (the next product added starts a new one). */
    emptyCart: () => page.evaluate(() => window.localStorage.removeItem('bnpl-demo-cart')),
  }
  return Object.assign(j, merchantApi(j), customerMoves(j))
}

/** The admin API, as the merchant's side of the journey. @param {any} j */
function merchantApi(j) {
  const { client } = j
  return {
    /** Orders paid with the service payment `pid` (admin API). */
    async ordersOfPayment(/** @type {string} */ pid) {
      const { data } = await client.admin('GET', '/admin/orders?fields=id,*payment_collections.payments&limit=100&order=-created_at')
      return data.orders.filter((o) => o.payment_collections.some((pc) => pc.payments.some((p) => p.data?.bnpl_payment_id === pid)))
    },
    /** The merchant's plans saved (admin API); resolves once the store's eligibility route shows `offered(plans)`. */
    async offerPlans(/** @type {any} */ settings, /** @type {string} */ what, /** @type {(plans: any[]) => boolean} */ offered) {
      await client.admin('POST', '/admin/bnpl/settings', settings)
      // Settings apply on the server within 3 s.
      await eventually(what, async () => {
        const { data } = await client.store('GET', '/store/bnpl/eligibility?amount=129.90&currency_code=eur', undefined, {
          headers: { 'x-publishable-api-key': j.seed.publishable_key },
        })
        return offered(data.eligibility.plans)
      }, { timeoutMs: 10_000 })
    },
  }
}

/** The customer's moves through checkout and the hosted page. @param {any} j */
function customerMoves(j) {
  const { page, storefrontUrl } = j
  return {
    /** Each plan radio's description (Chromium's accessibility tree) holds every due date and amount it shows. */
    async assertPlanDescriptions() {
      const radios = page.locator('.bnpl-plan:not(.bnpl-plan--ineligible) .bnpl-plan__input')
      const count = await radios.count()
      assert.ok(count > 0, 'an eligible plan')
      for (let i = 0; i < count; i++) {
        const id = await radios.nth(i).getAttribute('id')
        const { name, description } = await accessibleText(page, `[id="${id}"]`)
        const squash = (/** @type {string} */ t) => t.replace(/\s+/g, ' ').trim()
        const rows = page.locator(`[id="${id}-details"] .bnpl-schedule__row`)
        const texts = { dates: await rows.locator('.bnpl-schedule__date').allTextContents(), amounts: await rows.locator('.bnpl-schedule__amount').allTextContents() }
        assert.ok(texts.dates.length >= 3, `${id}: its schedule rows`)
        for (const part of [...texts.dates, ...texts.amounts]) {
          assert.ok(squash(description).includes(squash(part)), `${id}'s description lacks "${part}": "${description}"`)
        }
        const fees = await rows.locator('.bnpl-schedule__fees').allTextContents()
        for (const fee of fees) assert.ok(squash(description).includes(squash(fee).replace(/^\(|\)$/g, '')), `${id}'s description lacks "${fee}"`)
        assert.match(name, /\S \S/, `${id} has a name`)
      }
      j.log(`accessibility tree: ${count} plan radios, each described by its whole schedule`)
    },
    /** From a product page to the payment step: add to cart, address, delivery. */
    async checkoutWith(/** @type {string} */ handle, /** @type {string} */ delivery) {
      await page.goto(`${storefrontUrl}/products/${handle}`)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.waitForURL('**/cart')
      await page.getByRole('link', { name: 'Checkout' }).click()
      await page.waitForURL('**/checkout')
      for (const [name, value] of Object.entries(ADDRESS)) await page.locator(`input[name="${name}"]`).fill(value)
      await page.getByRole('button', { name: /Continue to delivery|Update address/ }).click()
      const options = page.locator('.shipping-option')
      await eventually('the five delivery options', async () => (await options.count()) === 5)
      assert.deepEqual(
        (await options.allTextContents()).map((t) => t.replace(/\s*[\d.,]+\s*€|€[\d.,]+/, '').trim()).sort(),
        ['Click and collect', 'Collect at the counter', 'Colissimo Home', 'Express 24h', 'Relay point Mondial Relay'].sort()
      )
      await page.getByLabel(new RegExp(delivery)).check()
      await page.locator('.bnpl-picker').waitFor()
      // 2.4.3 and 3.2.2: the focus stays on the chosen delivery (not lost to the page's body, not moved).
      await eventually('the focus on the chosen delivery', async () =>
        page.evaluate(() => document.activeElement instanceof HTMLInputElement && document.activeElement.name === 'shipping' && document.activeElement.checked))
    },
    /** Chooses a plan and goes to the hosted page; returns the service payment id. */
    async payWith(/** @type {number} */ count) {
      await page.locator(`label[for="bnpl-plan-${count}x-d0-m0"]`).click()
      assert.equal(await page.locator(`#bnpl-plan-${count}x-d0-m0`).isChecked(), true)
      await page.locator('.button--pay').click()
      await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
      return j.lastPathPart()
    },
    /** "Accept and pay" on the hosted page: back on the order's confirmation. */
    async acceptOnHostedPage() {
      await page.getByRole('button', { name: 'Accept and pay' }).click()
      await page.waitForURL('**/order/**', { timeout: 60_000 })
    },
    /** "Cancel and return to the shop" on the hosted page: back at checkout, with the notice. */
    async cancelOnHostedPage() {
      await page.getByRole('link', { name: 'Cancel and return to the shop' }).click()
      await page.waitForURL('**/checkout?bnpl=cancelled**')
      await page.locator('.notice--abandoned').waitFor()
    },
  }
}

module.exports = { createJourney, squashSpaces, ADDRESS, ADDRESS_LABELS, FR_IN_ENGLISH }
