'use strict'

/**
 * The demo storefront in a real browser (run by scripts/browser-test.js, which boots the store
 * and serves demo-storefront/): what a customer does, checked through the admin API.
 *
 *   - the product grid: every card's plans come from ONE store request; "or 3 × €43.30" on a
 *     sweater, a greyed "from €50.00" on the 30 € tote;
 *   - the full purchase: product page with its teaser, add to cart, address, the five delivery
 *     options, the plans with schedules (the credit plan greyed with why), choose one, accept on
 *     the sandbox's hosted page, the confirmation with its schedule; the order in the admin API
 *     is paid with pp_bnpl_bnpl, captured, with the chosen delivery and plan;
 *   - the cancel path: "Cancel and return to the shop" on the hosted page → back at checkout
 *     with a notice, no order; then a refused payment ("Refuse") → the checkout says so, no
 *     order; then the same cart paid on a second try: exactly one order, whose number follows
 *     the previous order's (cancels and refusals use up no order number);
 *   - the excluded gift card: no teaser on the grid or its page; in a cart, the reason;
 *   - pay at shipment: the plan says "Nothing to pay today: your first instalment is taken when
 *     your order ships", no dates, bought on the hosted page, shipped through the admin API
 *     (fulfillment, then shipment): the sandbox's payment triggered once, the order view's
 *     trigger message accepted.
 *
 *   - accessibility (WCAG 2.2 AA, see a11y.js): axe over every state (product grid, product page,
 *     greyed teaser, cart, plan picker with eligible and greyed plans, plan chosen, a payment
 *     error, the hosted page, after a cancel, after a refusal, confirmation, a cart holding an
 *     excluded product), in English and French (the demo's language switch), at 1280 and 320 px,
 *     with no sideways scroll at 320 px; Chromium's accessibility tree: each plan radio's
 *     description holds every due date and amount of its schedule; focus on the new heading after
 *     a route change, on the chosen delivery after choosing it, on the error after a payment
 *     error; the document's title per route and its lang following the language, also after the
 *     hosted page.
 *   - keyboard only (keyboard.js): product page → cart → checkout (address typed field by field,
 *     delivery and plan chosen with the arrows, the greyed plan skipped) → Accept on the hosted
 *     page → confirmation, with Tab, Shift+Tab, Enter, Space and arrows alone; after each key the
 *     focus is on the expected element (role and accessible name) and shows.
 *
 *   - the plan picker in German, Spanish, Italian, Dutch and Portuguese (`?lang=`): the kit's
 *     label and the instalment in the locale's money, axe over each; the storefront's language
 *     reaches the service with the payment (the sandbox records it).
 *
 *   - credit advertising (credit.js; Directive 2023/2225): on the product page, the cart, the
 *     plan picker and the confirmation, in each market the demo can show (`?lang=` and
 *     `?country=`: FR, BE-FR, BE-NL, NL, DE, ES, IT, PT and another country in English), at
 *     1280 and 320 px: the market's warning shown (its box, not hidden, faded or covered), the
 *     cost and APR and the representative example's button, in the Netherlands AFM's symbol on
 *     top (the demo's placeholder artwork), axe over each; the example's dialog with the
 *     keyboard alone (Enter opens it, Tab stays inside, Escape closes it, the focus back on its
 *     button), axe over it open; no plan checked before the customer chooses one, and "pay"
 *     without a plan says to choose one (no payment starts).
 *
 * Screenshots: <screenshotsDir>/storefront-product.png, storefront-product-{fr,nl}.png, storefront-plans.png,
 * storefront-plans-{de,es,it,nl,pt}.png (the payment step, each in its country's market),
 * storefront-example.png (the representative example) and storefront-confirmation.png. Throws on the first failed check (accessibility violations: all
 * of them, at the end).
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { medusaClient, eventually } = require('../../scripts/lib/store-api')
const { createAudit, accessibleText } = require('./a11y')
const { createKeyboard } = require('./keyboard')
const { createCreditChecks, MARKETS } = require('./credit')

const STEP_TIMEOUT_MS = 30_000
/** Plans the merchant offers for this test: the credit plan (from 500 €) is greyed on small carts. */
const PLANS = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 10 }]
/** The product teaser: a sentence that stands alone, with the first instalment's fees. */
const TEASER = /^or 3 instalments of €43\.30 \(the first €4\d\.\d\d, incl\. €\d\.\d\d fees\)$/
/** The service's other languages: the demo's `?lang=`, the kit's locale, its label of the 3x plan. */
const OTHER_LANGUAGES = [
  ['de', 'de-DE', 'In 3 Raten bezahlen'],
  ['es', 'es-ES', 'Pagar en 3 plazos'],
  ['it', 'it-IT', 'Paga in 3 rate'],
  ['nl', 'nl-NL', 'Betaal in 3 termijnen'],
  ['pt', 'pt-PT', 'Pagar em 3 prestações'],
]
/** The widths every market's offers are checked at (as axe's). */
const WIDTHS = [1280, 320]
/** Intl's and Chromium's no-break spaces, as plain ones. */
const squashSpaces = (/** @type {string | null} */ text) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ')
/** The address fields' labels (what the keyboard journey expects to reach, in order). */
const ADDRESS_LABELS = { email: 'Email', first_name: 'First name', last_name: 'Last name', address_1: 'Address', postal_code: 'Postal code', city: 'City' }
const ADDRESS = { email: 'jeanne@example.com', first_name: 'Jeanne', last_name: 'Martin', address_1: '3 rue des Lilas', postal_code: '69003', city: 'Lyon' }

/**
 * @param {{
 *   context: import('playwright-core').BrowserContext,
 *   backendUrl: string,
 *   storefrontUrl: string,
 *   admin: {email: string, password: string},
 *   apiKey: string,
 *   sandbox: any,
 *   seed: any,
 *   screenshotsDir: string,
 *   failureDir: string,
 *   log: (line: string) => void,
 * }} ctx
 */
async function run(ctx) {
  const { context, backendUrl, storefrontUrl, admin, apiKey, sandbox, seed, screenshotsDir, log } = ctx
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  const problems = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  /** Store API requests to the eligibility route, as the browser sent them. */
  const eligibilityRequests = []
  page.on('request', (request) => {
    if (request.url().includes('/store/bnpl/eligibility')) eligibilityRequests.push(request.url())
  })

  let step = 'start'
  const t0 = Date.now()
  const begin = (/** @type {string} */ name) => {
    step = name
    log(`${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  }
  const shot = async (/** @type {string} */ name, /** @type {import('playwright-core').Locator | undefined} */ focus) => {
    const file = path.join(screenshotsDir, name)
    if (focus) await focus.scrollIntoViewIfNeeded()
    await page.screenshot({ path: file, fullPage: true })
    log(`screenshot ${path.relative(process.cwd(), file)}`)
  }

  const audit = createAudit({ log })
  const credit = createCreditChecks(page, { log })
  /** The offer `offer` of `surface` in market `m`, at each width (the viewport restored after). */
  const assertOfferAtWidths = async (/** @type {import('playwright-core').Locator} */ offer, /** @type {(typeof MARKETS)[number]} */ m, /** @type {string} */ surface) => {
    const before = page.viewportSize()
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: before?.height ?? 900 })
        await credit.assertOffer(offer, m, surface)
      }
    } finally {
      if (before) await page.setViewportSize(before)
    }
  }
  /** The demo opens in English with France as its country: the French market's warning (in French). */
  const FR_IN_ENGLISH = { ...MARKETS.find((m) => m.market === 'FR'), lang: 'en' }
  /** axe in English, then in French (the demo's language switch keeps the page's state), at both widths. */
  const auditBoth = async (/** @type {string} */ state) => {
    const lang = await page.evaluate(() => document.documentElement.lang)
    await audit.check(page, `${state} (${lang})`)
    await page.locator('.lang-switch').click()
    const other = lang === 'fr' ? 'en' : 'fr'
    await eventually(`the page in ${other}`, async () => (await page.evaluate(() => document.documentElement.lang)) === other)
    await audit.check(page, `${state} (${other})`)
    await page.locator('.lang-switch').click()
    await eventually(`the page in ${lang}`, async () => (await page.evaluate(() => document.documentElement.lang)) === lang)
  }
  /** What has the focus: "H1 Checkout", "H2 3. Payment", "P.error ...". */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement
      return el ? `${el.tagName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} ${el.textContent?.trim().slice(0, 60)}` : ''
    })
  /** Each plan radio's description (Chromium's accessibility tree) holds every due date and amount it shows. */
  async function assertPlanDescriptions() {
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
    log(`accessibility tree: ${count} plan radios, each described by its whole schedule`)
  }

  const client = medusaClient(backendUrl)
  await client.login(admin.email, admin.password)
  const ordersOfPayment = async (/** @type {string} */ pid) => {
    const { data } = await client.admin('GET', '/admin/orders?fields=id,*payment_collections.payments&limit=100&order=-created_at')
    return data.orders.filter((o) => o.payment_collections.some((pc) => pc.payments.some((p) => p.data?.bnpl_payment_id === pid)))
  }

  /** From a product page to the payment step: add to cart, address, delivery. */
  async function checkoutWith(/** @type {string} */ handle, /** @type {string} */ delivery) {
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
  }

  /** Chooses a plan and goes to the hosted page; returns the service payment id. */
  async function payWith(/** @type {number} */ count) {
    await page.locator(`label[for="bnpl-plan-${count}x-d0-m0"]`).click()
    assert.equal(await page.locator(`#bnpl-plan-${count}x-d0-m0`).isChecked(), true)
    await page.locator('.button--pay').click()
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
    return new URL(page.url()).pathname.split('/').pop()
  }

  try {
    begin('the merchant offers 3, 4 and 10 instalments (admin API)')
    await client.admin('POST', '/admin/bnpl/settings', { test_api_key: apiKey, plans: PLANS })
    // Settings apply on the server within 3 s.
    await eventually('the three plans are offered', async () => {
      const { data } = await client.store('GET', '/store/bnpl/eligibility?amount=129.90&currency_code=eur', undefined, {
        headers: { 'x-publishable-api-key': seed.publishable_key },
      })
      return data.eligibility.plans.length === 3
    }, { timeoutMs: 10_000 })

    // ---------------------------------------------------------------- product grid
    begin('the product grid: one store request for every card')
    eligibilityRequests.length = 0
    await page.goto(storefrontUrl)
    const cards = page.locator('.card')
    await eventually('every product card', async () => (await cards.count()) === seed.products.length)
    const sweaterCard = page.locator('.card[data-handle="merino-wool-sweater"]')
    await sweaterCard.locator('.bnpl-teaser').waitFor()
    assert.match(await sweaterCard.locator('.bnpl-teaser').textContent(), TEASER)
    const toteTeaser = page.locator('.card[data-handle="linen-tote-bag"] .bnpl-teaser')
    assert.match(await toteTeaser.getAttribute('class'), /bnpl-teaser--ineligible/)
    assert.match(await toteTeaser.textContent(), /available from €50\.00/)
    assert.equal(eligibilityRequests.length, 1, `the grid made ${eligibilityRequests.length} eligibility requests`)
    assert.match(eligibilityRequests[0], /amounts=.*product_ids=/)
    // The gift card (excluded by the merchant) is not advertised.
    assert.equal(await page.locator('.card[data-handle="gift-card-100"] .bnpl-teaser').count(), 0)
    assert.equal(await page.title(), 'Our products · Maison Demo')
    await auditBoth('product grid, with a greyed teaser')

    // ---------------------------------------------------------------- full purchase
    begin('product page with its teaser')
    await page.goto(`${storefrontUrl}/products/merino-wool-sweater`)
    await page.locator('.product .bnpl-teaser').waitFor()
    assert.match(await page.locator('.product .bnpl-teaser').textContent(), TEASER)
    assert.match(await page.title(), /Sweater · Maison Demo$/)
    // The offer's cost and APR, its example one step away, the market's warning (France).
    await assertOfferAtWidths(page.locator('.product .bnpl-offer'), FR_IN_ENGLISH, 'product page')
    await shot('storefront-product.png')
    await auditBoth('product page')
    begin("the representative example's dialog, keyboard only")
    await credit.exampleByKeyboard(page.locator('.product .bnpl-example-button'), 'en', {
      whileOpen: async () => {
        const items = await page.locator('dialog.bnpl-example .bnpl-example__item').allTextContents()
        log(`  example: ${items.map(squashSpaces).join(' | ')}`)
        await shot('storefront-example.png')
        await audit.check(page, 'representative example, open (en)')
      },
    })
    begin('a product page with a greyed teaser, reached by a link: focus on its heading')
    await page.goto(storefrontUrl)
    await page.locator('.card[data-handle="linen-tote-bag"] a').click()
    await page.locator('.product .bnpl-teaser--ineligible').waitFor()
    await eventually('the focus on the new heading', async () => /^H1 Linen Tote Bag/.test(await focused()))
    await auditBoth('product page, greyed teaser')

    begin('cart, address, the five delivery options, the plans')
    await page.goto(`${storefrontUrl}/products/merino-wool-sweater`)
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.waitForURL('**/cart')
    await page.locator('.bnpl-teaser').waitFor()
    await eventually('the focus on the cart heading', async () => /^H1 Your cart/.test(await focused()))
    await assertOfferAtWidths(page.locator('.page .bnpl-offer'), FR_IN_ENGLISH, 'cart')
    await auditBoth('cart')
    // The product page's button added one: back to one sweater (checkoutWith adds another).
    await page.evaluate(() => window.localStorage.removeItem('bnpl-demo-cart'))
    await checkoutWith('merino-wool-sweater', 'Express 24h')
    const picker = page.locator('.bnpl-picker')
    assert.equal(await picker.locator('input[type="radio"]').count(), 3)
    // No credit chosen for the customer: no plan checked, and paying asks for a choice first.
    assert.equal(await picker.locator('input[type="radio"]:checked').count(), 0, 'no plan checked before the customer chooses')
    const checkoutUrl = page.url()
    await page.locator('.button--pay').click()
    await page.getByText('Choose how to pay first: no plan is chosen for you.').waitFor()
    await eventually('the focus on the error', async () => /^P\.error/.test(await focused()))
    assert.equal(page.url(), checkoutUrl, 'no payment started without a plan')
    assert.equal(await picker.locator('input[type="radio"]:checked').count(), 0)
    await assertOfferAtWidths(picker, FR_IN_ENGLISH, 'plan picker')
    assert.equal(await page.locator('#bnpl-plan-10x-d0-m0').isDisabled(), true)
    // The demo's merchant bounds: 4 instalments from 150 € (this cart is 142.80 €); 10 from the service's 500 €.
    assert.equal(await page.locator('#bnpl-plan-4x-d0-m0').isDisabled(), true)
    const reasons = await picker.locator('.bnpl-plan--ineligible .bnpl-plan__reason').allTextContents()
    assert.deepEqual(reasons, ['Available from €150.00', 'Available from €500.00'])
    // 129.90 + 12.90 express: 142.80 €, 3 × 47.60 €, the first with 2.07 € fees.
    assert.match(await picker.locator('.bnpl-plan').first().textContent(), /3 × €47\.60/)
    assert.match(await picker.locator('.bnpl-plan').first().textContent(), /Today\s*€49\.67 \(incl\. €2\.07 fees\)/)
    await auditBoth('plan picker, eligible and greyed plans')
    await assertPlanDescriptions()
    await page.locator('.lang-switch').click()
    await assertPlanDescriptions()
    await page.locator('.lang-switch').click()
    begin("a plan's representative example, keyboard only, in the picker")
    await credit.exampleByKeyboard(picker.locator('.bnpl-plan').first().locator('.bnpl-example-button'), 'en', {
      whileOpen: () => audit.check(page, 'representative example in the picker, open (en)'),
    })
    await page.locator('label[for="bnpl-plan-3x-d0-m0"]').click()
    assert.equal(await page.locator('.error').count(), 0, 'choosing a plan clears "choose how to pay first"')
    // What the customer pays before leaving the hosted page, beside the button.
    assert.equal(await page.locator('[data-testid="due-today"]').textContent(), 'Due today: €49.67')
    await shot('storefront-plans.png', picker)
    await auditBoth('plan chosen')

    // Every market the demo shows (`?lang=` and `?country=`): the product page, the cart and the
    // plan picker carry the market's warning, the cost and APR, the example; the kit's texts,
    // dates and amounts in the page's language.
    for (const m of MARKETS) {
      const query = `?lang=${m.lang}&country=${m.country}`
      begin(`credit advertising in the ${m.market} market (${query})`)
      await page.goto(`${storefrontUrl}/products/merino-wool-sweater${query}`)
      const productOffer = page.locator('.product .bnpl-offer')
      await assertOfferAtWidths(productOffer, m, 'product page')
      await credit.exampleByKeyboard(productOffer.locator('.bnpl-example-button'), m.lang)
      await audit.check(page, `product page (${m.market}, ${m.lang})`)
      // README's pictures: a French product page with its warning, a Dutch one with AFM's symbol.
      if (m.market === 'FR' || m.market === 'NL') await shot(`storefront-product-${m.market.toLowerCase()}.png`, productOffer)
      await page.goto(`${storefrontUrl}/cart${query}`)
      await assertOfferAtWidths(page.locator('.page .bnpl-offer'), m, 'cart')
      await audit.check(page, `cart (${m.market}, ${m.lang})`)

      await page.goto(`${storefrontUrl}/checkout${query}`)
      const pickerIn = page.locator('.bnpl-picker')
      await pickerIn.waitFor()
      assert.equal(await page.evaluate(() => document.documentElement.lang), m.lang)
      assert.equal(await pickerIn.locator('input[type="radio"]:checked').count(), 0, `${m.market}: no plan checked before the customer chooses`)
      await assertOfferAtWidths(pickerIn, m, 'plan picker')
      const language = OTHER_LANGUAGES.find(([lang]) => lang === m.lang)
      if (language) {
        // The kit's label and the instalment in the locale's money.
        const [lang, kitLocale, label] = language
        assert.equal(await pickerIn.getAttribute('lang'), kitLocale)
        await pickerIn.locator('label[for="bnpl-plan-3x-d0-m0"]').click()
        const first = squashSpaces(await pickerIn.locator('.bnpl-plan').first().textContent())
        assert.ok(first.includes(label), `the 3x plan's label in ${kitLocale}: ${first}`)
        const amount = squashSpaces(new Intl.NumberFormat(kitLocale, { style: 'currency', currency: 'EUR' }).format(47.6))
        assert.ok(first.includes(`3 × ${amount}`), `the instalment in ${kitLocale} (${amount}): ${first}`)
        if (m.country === lang) {
          const file = path.join(screenshotsDir, `storefront-plans-${lang}.png`)
          await page.locator('.step').filter({ has: pickerIn }).screenshot({ path: file })
          log(`screenshot ${path.relative(process.cwd(), file)}`)
        }
      }
      await audit.check(page, `plan picker (${m.market}, ${m.lang})`)
    }
    await page.goto(`${storefrontUrl}/checkout?lang=en&country=fr`)
    await page.locator('.bnpl-picker[lang="en-GB"] label[for="bnpl-plan-3x-d0-m0"]').click()

    begin('a payment that cannot start: the error, with the focus')
    await page.route('**/payment-sessions', (route) => route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': storefrontUrl, 'access-control-allow-credentials': 'true' },
        body: JSON.stringify({ message: 'The payment could not start (test)' }),
      }))
    await page.locator('.button--pay').click()
    await page.locator('.error').waitFor()
    await eventually('the focus on the error', async () => /^P\.error/.test(await focused()))
    await auditBoth('a payment error')
    await page.unroute('**/payment-sessions')

    begin('paying on the hosted page')
    const pid = await payWith(3)
    await audit.check(page, 'the hosted page')
    await page.getByRole('button', { name: 'Accept and pay' }).click()
    await page.waitForURL('**/order/**', { timeout: 60_000 })
    const confirmation = page.locator('.confirmation')
    await confirmation.locator('.bnpl-schedule').waitFor()
    assert.match(await confirmation.textContent(), /Order #\d+ is confirmed/)
    assert.equal(await confirmation.locator('.bnpl-schedule__row').count(), 3)
    // What was paid today, then what follows (the schedule).
    assert.equal(await confirmation.locator('.paid-today').textContent(), 'Paid today: €49.67. What follows:')
    const firstNumber = Number(/Order #(\d+)/.exec(await confirmation.locator('h1').textContent())[1])
    await shot('storefront-confirmation.png')
    assert.match(await page.title(), /^Order #\d+ · Maison Demo$/)
    await assertOfferAtWidths(confirmation.locator('.bnpl-schedule'), FR_IN_ENGLISH, 'confirmation')
    await auditBoth('confirmation')
    begin("the confirmation's representative example, keyboard only")
    await credit.exampleByKeyboard(confirmation.locator('.bnpl-example-button'), 'en', {
      whileOpen: () => audit.check(page, 'representative example on the confirmation, open (en)'),
    })
    begin('the confirmation in every market')
    const confirmedUrl = new URL(page.url()).pathname
    for (const m of MARKETS) {
      await page.goto(`${storefrontUrl}${confirmedUrl}?lang=${m.lang}&country=${m.country}`)
      await assertOfferAtWidths(page.locator('.confirmation .bnpl-schedule'), m, 'confirmation')
      await audit.check(page, `confirmation (${m.market}, ${m.lang})`)
    }
    await page.goto(`${storefrontUrl}${confirmedUrl}?lang=en&country=fr`)
    await page.locator('.confirmation .bnpl-schedule').waitFor()

    begin('the order in the admin API')
    const orderId = new URL(page.url()).pathname.split('/').pop()
    const [order] = await ordersOfPayment(pid)
    assert.equal(order?.id, orderId)
    const { data: full } = await client.admin('GET', `/admin/orders/${orderId}?fields=total,*shipping_methods,*payment_collections.payments`)
    const [payment] = full.order.payment_collections[0].payments
    assert.equal(payment.provider_id, 'pp_bnpl_bnpl')
    assert.ok(payment.captured_at, 'the payment is captured')
    assert.equal(payment.amount, full.order.total)
    assert.equal(payment.data.installments_count, 3)
    assert.equal(full.order.shipping_methods[0].name, 'Express 24h')

    // ---------------------------------------------------------------- cancel, refuse, pay
    begin('cancel path: back from the hosted page to checkout')
    await checkoutWith('oak-side-table', 'Relay point')
    const cancelled = await payWith(4)
    await page.getByRole('link', { name: 'Cancel and return to the shop' }).click()
    await page.waitForURL('**/checkout?bnpl=cancelled**')
    await page.locator('.notice--abandoned').waitFor()
    await page.locator('.bnpl-picker').waitFor()
    assert.equal((await ordersOfPayment(cancelled)).length, 0)
    await auditBoth('after a cancel')

    begin('a refused payment')
    const refused = await payWith(3)
    await page.getByRole('button', { name: 'Refuse' }).click()
    await page.waitForURL('**/checkout?bnpl=cancelled**')
    await page.locator('.notice--refused').waitFor()
    assert.match(await page.locator('.notice--refused').textContent(), /refused/)
    assert.equal((await ordersOfPayment(refused)).length, 0)
    assert.equal(sandbox.payments.get(refused).state, 'scored_no')
    await auditBoth('after a refusal')

    begin('French chosen before the hosted page: still French after it')
    await page.locator('.lang-switch').click()
    await eventually('the page in French', async () => (await page.evaluate(() => document.documentElement.lang)) === 'fr')
    const roundTrip = await payWith(3)
    // The storefront's language (x-medusa-locale) reached the service with the payment.
    assert.equal(sandbox.payments.get(roundTrip).locale, 'fr')
    await page.getByTestId('customer-language').getByText("Customer's language: fr.", { exact: false }).waitFor()
    await page.getByRole('link', { name: 'Cancel and return to the shop' }).click()
    await page.waitForURL('**/checkout?bnpl=cancelled**')
    await page.locator('.notice--abandoned').waitFor()
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr')
    assert.equal(await page.locator('.bnpl-picker').getAttribute('lang'), 'fr-FR')
    assert.equal(await page.title(), 'Commander · Maison Demo')
    assert.equal((await ordersOfPayment(roundTrip)).length, 0)
    await page.locator('.lang-switch').click()
    await eventually('the page in English', async () => (await page.evaluate(() => document.documentElement.lang)) === 'en')

    begin('the same cart paid on a second try: one order')
    const paid = await payWith(4)
    await page.getByRole('button', { name: 'Accept and pay' }).click()
    await page.waitForURL('**/order/**', { timeout: 60_000 })
    await page.locator('.confirmation .bnpl-schedule').waitFor()
    assert.equal(await page.locator('.confirmation .bnpl-schedule__row').count(), 4)
    assert.equal((await ordersOfPayment(paid)).length, 1)
    // Two cancels and a refusal used up no order number: this order follows the first one.
    assert.match(await page.locator('.confirmation h1').textContent(), new RegExp(`Order #${firstNumber + 1} is confirmed`))

    begin('an excluded product: no teaser on its page; in a cart, the reason, greyed')
    await page.evaluate(() => window.localStorage.removeItem('bnpl-demo-cart'))
    const giftCardPlans = page.waitForResponse((r) => r.url().includes('/store/bnpl/eligibility') && r.url().includes('product_ids='))
    await page.goto(`${storefrontUrl}/products/gift-card-100`)
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
    await auditBoth('cart with an excluded product')

    begin('keyboard only: product page to confirmation')
    await page.evaluate(() => window.localStorage.removeItem('bnpl-demo-cart'))
    await page.goto(`${storefrontUrl}/products/oak-side-table`)
    await page.locator('.product .bnpl-teaser').waitFor()
    const keys = createKeyboard(page, { log })
    // The header, then the product's button (its heading takes no Tab: tabindex -1).
    await keys.tab({ role: 'link', name: 'Maison Demo' })
    await keys.tab({ role: 'link', name: 'Shop' })
    await keys.tab({ role: 'link', name: 'Cart' })
    await keys.tab({ role: 'button', name: 'Afficher la boutique en français' })
    await keys.tab({ role: 'combobox', name: /^Shop country/ })
    // The teaser's representative example: opened, Tab kept inside, closed with Escape.
    await keys.tab({ role: 'button', name: 'Representative example' })
    await credit.exampleByKeyboard(page.locator('.product .bnpl-example-button'), 'en', { reached: true })
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
    // Delivery: the arrows choose, one option after the other, and the focus stays in the group.
    // The store lists its options in its own order: the arrows are checked against the order shown.
    const OPTION_NAMES = ['Colissimo Home', 'Express 24h', 'Relay point Mondial Relay', 'Click and collect', 'Collect at the counter']
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
    log(`  (${third.name} chosen on the way, then Express 24h again: the cart has it)`)
    // The plans: 3 and 4 instalments, 10 greyed (from 500 €): Space chooses, the arrows skip it.
    assert.equal(await page.locator('#bnpl-plan-10x-d0-m0').isDisabled(), true)
    await keys.tab({ role: 'radio', name: /^Pay in 3 instalments 3 × /, checked: false, card: true })
    await keys.press(' ', { role: 'radio', name: /^Pay in 3 instalments/, checked: true, card: true })
    await keys.press('ArrowDown', { role: 'radio', name: /^Pay in 4 instalments 4 × /, checked: true, card: true })
    await keys.press('ArrowDown', { role: 'radio', name: /^Pay in 3 instalments/, checked: true, card: true })
    await keys.press('ArrowUp', { role: 'radio', name: /^Pay in 4 instalments/, checked: true, card: true })
    // The chosen plan's representative example, then the payment.
    await keys.tab({ role: 'button', name: 'Representative example' })
    await keys.tab({ role: 'button', name: 'Pay €361.90 in instalments' })
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
    const keyboardPid = new URL(page.url()).pathname.split('/').pop()
    // The hosted page: Accept reached by Tab.
    await keys.tab({ role: 'button', name: 'Accept and pay' })
    await keys.tab({ role: 'button', name: 'Refuse' })
    await keys.shiftTab({ role: 'button', name: 'Accept and pay' })
    await page.keyboard.press('Enter')
    await page.waitForURL('**/order/**', { timeout: 60_000 })
    const confirmed = await keys.expectFocus({ role: 'heading', name: /^Thank you! Order #\d+ is confirmed$/ }, { timeoutMs: 20_000 })
    log(`  (back from the hosted page) → heading "${confirmed.name}"`)
    const [keyboardOrder] = await ordersOfPayment(/** @type {string} */ (keyboardPid))
    assert.equal(keyboardOrder?.id, new URL(page.url()).pathname.split('/').pop())
    const keyboardPayment = keyboardOrder.payment_collections.flatMap((pc) => pc.payments).find((p) => p.data?.bnpl_payment_id === keyboardPid)
    assert.equal(keyboardPayment.data.installments_count, 4)
    // The delivery chosen last (Express 24h), not one the arrows went through: 349.00 + 12.90.
    assert.equal(keyboardPayment.amount, 361.9)
    log(`keyboard only: ${keys.presses()} keys, no click, the focus where expected and visible at each`)

    // ---------------------------------------------------------------- pay at shipment
    begin('pay at shipment: nothing today, the first instalment when the order ships')
    await client.admin('POST', '/admin/bnpl/settings', { plans: [...PLANS, { installments_count: 3, pay_at_shipment: true }] })
    await eventually('the pay-at-shipment plan is offered', async () => {
      const { data } = await client.store('GET', '/store/bnpl/eligibility?amount=129.90&currency_code=eur', undefined, {
        headers: { 'x-publishable-api-key': seed.publishable_key },
      })
      return data.eligibility.plans.some((/** @type {any} */ p) => p.pay_at_shipment && p.eligible)
    }, { timeoutMs: 10_000 })
    await page.evaluate(() => window.localStorage.removeItem('bnpl-demo-cart'))
    await checkoutWith('merino-wool-sweater', 'Colissimo Home')
    const NOTHING_TODAY = 'Nothing to pay today: your first instalment is taken when your order ships'
    const shipPlan = page.locator('.bnpl-plan', { has: page.locator('#bnpl-plan-3x-d0-m0-ship') })
    assert.match(await shipPlan.textContent(), /Pay in 3 instalments when your order ships/)
    assert.ok((await shipPlan.textContent()).includes(NOTHING_TODAY))
    assert.equal(await shipPlan.locator('time').count(), 0, 'no due dates for a pay-at-shipment plan')
    await page.locator('label[for="bnpl-plan-3x-d0-m0-ship"]').click()
    assert.equal(await page.locator('[data-testid="due-today"]').textContent(), NOTHING_TODAY)
    await auditBoth('pay at shipment chosen')
    await page.locator('.button--pay').click()
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
    const shipPid = new URL(page.url()).pathname.split('/').pop()
    assert.equal(sandbox.payments.get(shipPid).deferred_trigger, true)
    await page.getByRole('button', { name: 'Accept and pay' }).click()
    await page.waitForURL('**/order/**', { timeout: 60_000 })
    const shipConfirmation = page.locator('.confirmation')
    await shipConfirmation.locator('.bnpl-schedule').waitFor()
    assert.ok((await shipConfirmation.textContent()).includes(NOTHING_TODAY))
    // Its heading is the plan, not "Paid in 3 instalments": nothing is paid yet.
    assert.equal(await shipConfirmation.locator('.payment h2').textContent(), 'Pay in 3 instalments when your order ships')
    assert.equal(await shipConfirmation.locator('time').count(), 0)
    await shot('storefront-pay-at-shipment.png')
    await auditBoth('confirmation, pay at shipment')
    assert.equal(sandbox.payments.get(shipPid).deferred_trigger_applied, false, 'nothing taken before it ships')

    begin('the merchant ships it (admin API: fulfillment, then shipment): the payment is triggered once')
    const shipOrderId = new URL(page.url()).pathname.split('/').pop()
    const { data: shipOrder } = await client.admin('GET', `/admin/orders/${shipOrderId}?fields=*items`)
    const shipItems = shipOrder.order.items.map((/** @type {any} */ i) => ({ id: i.id, quantity: i.quantity }))
    const { data: fulfilled } = await client.admin('POST', `/admin/orders/${shipOrderId}/fulfillments?fields=*fulfillments`, {
      items: shipItems,
      location_id: seed.stock_location_id,
    })
    const fulfillmentId = fulfilled.order.fulfillments.at(-1).id
    assert.equal(sandbox.payments.get(shipPid).deferred_trigger_applied, false, 'a fulfillment alone does not start it (triggerOn: shipment)')
    await client.admin('POST', `/admin/orders/${shipOrderId}/fulfillments/${fulfillmentId}/shipments`, {
      items: shipItems,
      labels: [{ tracking_number: 'DEMO-SHIP-1', tracking_url: '', label_url: 'https://labels.test/1.pdf' }],
    })
    await eventually('the service payment triggered', async () => sandbox.payments.get(shipPid).deferred_trigger_applied === true, { timeoutMs: 30_000 })
    const triggerCalls = sandbox.requests.filter((/** @type {any} */ r) => r.method === 'POST' && r.path === `/v1/payments/${shipPid}/trigger`)
    assert.equal(triggerCalls.length, 1, 'one trigger call')
    // What the admin order panel reads: the trigger message, accepted.
    const triggered = await eventually('the order view shows the trigger accepted', async () => {
      const { data } = await client.admin('GET', `/admin/bnpl/orders/${shipOrderId}`)
      // Accepted by the service: `accepted_at` set (status "synced", the record's word for it).
      return (data.bnpl_order.messages ?? []).find((/** @type {any} */ m) => m.kind === 'trigger' && m.accepted_at)
    })
    log(`  trigger accepted at ${triggered.accepted_at}`)

    // Every violation of every state at once (a failure above stops before this).
    audit.assertClean()
    assert.deepEqual(problems, [], 'no error in the page')
    log(`storefront journey done (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  } catch (error) {
    const file = path.join(ctx.failureDir, `storefront-failure.png`)
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`step "${step}" failed at ${page.url()}: ${message}\nscreenshot: ${file}${problems.length ? `\n${problems.join('\n')}` : ''}`)
  }
}

module.exports = { run }
