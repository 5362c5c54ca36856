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
 *   - a payment link: the last order owes an edit, the merchant e-mails its instalment link (the
 *     admin card's route), and the customer opens the e-mail's link on a phone that never saw the
 *     shop (a new browser context, 390 px): the page in the e-mail's language (French), the
 *     amount due, the plans with the market's warning, cost and example, nothing pre-selected,
 *     axe in French and English; paid on the hosted page, the return says so, the order holds one
 *     payment more and the admin card says "paid" (payment-link.js).
 *
 * Screenshots: <screenshotsDir>/storefront-product.png, storefront-product-{fr,nl}.png, storefront-plans.png,
 * storefront-plans-{de,es,it,nl,pt}.png (the payment step, each in its country's market),
 * storefront-example.png (the representative example), storefront-confirmation.png and
 * storefront-payment-link-paid.png. Throws on the first failed check (accessibility violations: all
 * of them, at the end).
 *
 * `run` is the list of steps; they live in storefront/: journey.js (what they share),
 * purchase.js, markets.js, cancel.js, keyboard-only.js, pay-at-shipment.js and payment-link.js.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { createJourney } = require('./storefront/journey')
const purchase = require('./storefront/purchase')
const { everyMarket, confirmationInEveryMarket } = require('./storefront/markets')
const { cancelPath, refusedPayment, frenchAcrossHostedPage, paidOnSecondTry, excludedProduct } = require('./storefront/cancel')
const { keyboardOnly } = require('./storefront/keyboard-only')
const { payAtShipment, merchantShipsIt } = require('./storefront/pay-at-shipment')
const { paymentLink } = require('./storefront/payment-link')

const STEP_TIMEOUT_MS = 30_000

/** The journey's steps in order, on one page (`j`: journey.js). */
async function steps(/** @type {import('./storefront/journey').Journey} */ j, /** @type {string[]} */ eligibilityRequests) {
  await purchase.offerThreePlans(j)
  await purchase.productGrid(j, eligibilityRequests)
  await purchase.productPage(j)
  await purchase.greyedTeaserByLink(j)
  await purchase.cart(j)
  await purchase.planPicker(j)
  await purchase.planChosen(j)
  await everyMarket(j)
  await purchase.paymentCannotStart(j)
  const { pid, firstNumber } = await purchase.payOnHostedPage(j)
  await confirmationInEveryMarket(j)
  await purchase.orderInAdminApi(j, pid)
  await cancelPath(j)
  await refusedPayment(j)
  await frenchAcrossHostedPage(j)
  await paidOnSecondTry(j, firstNumber)
  await excludedProduct(j)
  await keyboardOnly(j)
  await merchantShipsIt(j, await payAtShipment(j))
  await paymentLink(j)
}

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
  const { context, admin, log } = ctx
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  const problems = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  /** Store API requests to the eligibility route, as the browser sent them. */
  const eligibilityRequests = []
  page.on('request', (request) => {
    if (request.url().includes('/store/bnpl/eligibility')) eligibilityRequests.push(request.url())
  })
  const j = createJourney(ctx, page)
  await j.client.login(admin.email, admin.password)

  try {
    await steps(j, eligibilityRequests)
    // Every violation of every state at once (a failure above stops before this).
    j.audit.assertClean()
    assert.deepEqual(problems, [], 'no error in the page')
    log(`storefront journey done (${((Date.now() - j.steps.t0) / 1000).toFixed(1)} s)`)
  } catch (error) {
    const file = path.join(ctx.failureDir, `storefront-failure.png`)
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`step "${j.steps.current}" failed at ${page.url()}: ${message}\nscreenshot: ${file}${problems.length ? `\n${problems.join('\n')}` : ''}`)
  }
}

module.exports = { run }
