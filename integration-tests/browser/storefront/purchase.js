'use strict'

/**
 * The demo storefront's full purchase (storefront.browser.js): the merchant's plans, the product
 * grid, the product page with its teaser and example, the cart, the plan picker (eligible and
 * greyed plans, nothing pre-selected), a payment that cannot start, the hosted page, the
 * confirmation and the order in the admin API. Each step a function of the journey (journey.js).
 */

const assert = require('node:assert/strict')
const { eventually } = require('../../../scripts/lib/store-api')
const { squashSpaces, FR_IN_ENGLISH } = require('./journey')

/** Plans the merchant offers for this test: the credit plan (from 500 €) is greyed on small carts. */
const PLANS = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 10 }]
/** The product teaser: a sentence that stands alone, with the first instalment's fees. */
const TEASER = /^or 3 instalments of €43\.30 \(the first €4\d\.\d\d, incl\. €\d\.\d\d fees\)$/

/** @typedef {import('./journey').Journey} Journey */

async function offerThreePlans(/** @type {Journey} */ j) {
  j.begin('the merchant offers 3, 4 and 10 instalments (admin API)')
  await j.offerPlans({ test_api_key: j.apiKey, plans: PLANS }, 'the three plans are offered', (plans) => plans.length === 3)
}

async function productGrid(/** @type {Journey} */ j, /** @type {string[]} */ eligibilityRequests) {
  const { page } = j
  j.begin('the product grid: one store request for every card')
  eligibilityRequests.length = 0
  await page.goto(j.storefrontUrl)
  const cards = page.locator('.card')
  await eventually('every product card', async () => (await cards.count()) === j.seed.products.length)
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
  await j.auditBoth('product grid, with a greyed teaser')
}

async function productPage(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('product page with its teaser')
  await page.goto(`${j.storefrontUrl}/products/merino-wool-sweater`)
  await page.locator('.product .bnpl-teaser').waitFor()
  assert.match(await page.locator('.product .bnpl-teaser').textContent(), TEASER)
  assert.match(await page.title(), /Sweater · Maison Demo$/)
  // The offer's cost and APR, its example one step away, the market's warning (France).
  await j.assertOfferAtWidths(page.locator('.product .bnpl-offer'), FR_IN_ENGLISH, 'product page')
  await j.shot('storefront-product.png')
  await j.auditBoth('product page')
  j.begin("the representative example's dialog, keyboard only")
  await j.credit.exampleByKeyboard(page.locator('.product .bnpl-example-button'), 'en', {
    whileOpen: async () => {
      const items = await page.locator('dialog.bnpl-example .bnpl-example__item').allTextContents()
      j.log(`  example: ${items.map(squashSpaces).join(' | ')}`)
      await j.shot('storefront-example.png')
      await j.audit.check(page, 'representative example, open (en)')
    },
  })
}

async function greyedTeaserByLink(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('a product page with a greyed teaser, reached by a link: focus on its heading')
  await page.goto(j.storefrontUrl)
  await page.locator('.card[data-handle="linen-tote-bag"] a').click()
  await page.locator('.product .bnpl-teaser--ineligible').waitFor()
  await eventually('the focus on the new heading', async () => /^H1 Linen Tote Bag/.test(await j.focused()))
  await j.auditBoth('product page, greyed teaser')
}

async function cart(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('cart, address, the five delivery options, the plans')
  await page.goto(`${j.storefrontUrl}/products/merino-wool-sweater`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.waitForURL('**/cart')
  await page.locator('.bnpl-teaser').waitFor()
  await eventually('the focus on the cart heading', async () => /^H1 Your cart/.test(await j.focused()))
  await j.assertOfferAtWidths(page.locator('.page .bnpl-offer'), FR_IN_ENGLISH, 'cart')
  await j.auditBoth('cart')
}

async function planPicker(/** @type {Journey} */ j) {
  const { page } = j
  // The product page's button added one: back to one sweater (checkoutWith adds another).
  await j.emptyCart()
  await j.checkoutWith('merino-wool-sweater', 'Express 24h')
  const picker = page.locator('.bnpl-picker')
  assert.equal(await picker.locator('input[type="radio"]').count(), 3)
  // No credit chosen for the customer: no plan checked, and paying asks for a choice first.
  assert.equal(await picker.locator('input[type="radio"]:checked').count(), 0, 'no plan checked before the customer chooses')
  const checkoutUrl = page.url()
  await page.locator('.button--pay').click()
  await page.getByText('Choose how to pay first: no plan is chosen for you.').waitFor()
  await eventually('the focus on the error', async () => /^P\.error/.test(await j.focused()))
  assert.equal(page.url(), checkoutUrl, 'no payment started without a plan')
  assert.equal(await picker.locator('input[type="radio"]:checked').count(), 0)
  await j.assertOfferAtWidths(picker, FR_IN_ENGLISH, 'plan picker')
  assert.equal(await page.locator('#bnpl-plan-10x-d0-m0').isDisabled(), true)
  // The demo's merchant bounds: 4 instalments from 150 € (this cart is 142.80 €); 10 from the service's 500 €.
  assert.equal(await page.locator('#bnpl-plan-4x-d0-m0').isDisabled(), true)
  const reasons = await picker.locator('.bnpl-plan--ineligible .bnpl-plan__reason').allTextContents()
  assert.deepEqual(reasons, ['Available from €150.00', 'Available from €500.00'])
  // 129.90 + 12.90 express: 142.80 €, 3 × 47.60 €, the first with 2.07 € fees: the headline
  // says what is due today (49.67 €), then the rest.
  assert.match(await picker.locator('.bnpl-plan').first().textContent(), /€49\.67 today, then 2 × €47\.60/)
  assert.match(await picker.locator('.bnpl-plan').first().textContent(), /Today\s*€49\.67 \(incl\. €2\.07 fees\)/)
  await j.auditBoth('plan picker, eligible and greyed plans')
  await j.assertPlanDescriptions()
  await page.locator('.lang-switch').click()
  await j.assertPlanDescriptions()
  await page.locator('.lang-switch').click()
}

async function planChosen(/** @type {Journey} */ j) {
  const { page } = j
  const picker = page.locator('.bnpl-picker')
  j.begin("a plan's representative example, keyboard only, in the picker")
  await j.credit.exampleByKeyboard(picker.locator('.bnpl-plan').first().locator('.bnpl-example-button'), 'en', {
    whileOpen: () => j.audit.check(page, 'representative example in the picker, open (en)'),
  })
  await page.locator('label[for="bnpl-plan-3x-d0-m0"]').click()
  assert.equal(await page.locator('.error').count(), 0, 'choosing a plan clears "choose how to pay first"')
  // What the customer pays before leaving the hosted page, beside the button.
  assert.equal(await page.locator('[data-testid="due-today"]').textContent(), 'Due today: €49.67')
  await j.shot('storefront-plans.png', picker)
  await j.auditBoth('plan chosen')
}

async function paymentCannotStart(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('a payment that cannot start: the error, with the focus')
  await page.route('**/payment-sessions', (route) => route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': j.storefrontUrl, 'access-control-allow-credentials': 'true' },
      body: JSON.stringify({ message: 'The payment could not start (test)' }),
    }))
  await page.locator('.button--pay').click()
  await page.locator('.error').waitFor()
  await eventually('the focus on the error', async () => /^P\.error/.test(await j.focused()))
  await j.auditBoth('a payment error')
  await page.unroute('**/payment-sessions')
}

/** Resolves the service payment id and the order's number. */
async function payOnHostedPage(/** @type {Journey} */ j) {
  const { page } = j
  j.begin('paying on the hosted page')
  const pid = await j.payWith(3)
  await j.audit.check(page, 'the hosted page')
  await j.acceptOnHostedPage()
  const confirmation = page.locator('.confirmation')
  await confirmation.locator('.bnpl-schedule').waitFor()
  assert.match(await confirmation.textContent(), /Order #\d+ is confirmed/)
  assert.equal(await confirmation.locator('.bnpl-schedule__row').count(), 3)
  // What was paid today, then what follows (the schedule).
  assert.equal(await confirmation.locator('.paid-today').textContent(), 'Paid today: €49.67. What follows:')
  const firstNumber = Number(/Order #(\d+)/.exec(await confirmation.locator('h1').textContent())[1])
  await j.shot('storefront-confirmation.png')
  assert.match(await page.title(), /^Order #\d+ · Maison Demo$/)
  await j.assertOfferAtWidths(confirmation.locator('.bnpl-schedule'), FR_IN_ENGLISH, 'confirmation')
  await j.auditBoth('confirmation')
  j.begin("the confirmation's representative example, keyboard only")
  await j.credit.exampleByKeyboard(confirmation.locator('.bnpl-example-button'), 'en', {
    whileOpen: () => j.audit.check(page, 'representative example on the confirmation, open (en)'),
  })
  return { pid, firstNumber }
}

async function orderInAdminApi(/** @type {Journey} */ j, /** @type {string} */ pid) {
  j.begin('the order in the admin API')
  const orderId = j.lastPathPart()
  const [order] = await j.ordersOfPayment(pid)
  assert.equal(order?.id, orderId)
  const { data: full } = await j.client.admin('GET', `/admin/orders/${orderId}?fields=total,*shipping_methods,*payment_collections.payments`)
  const [payment] = full.order.payment_collections[0].payments
  assert.equal(payment.provider_id, 'pp_bnpl_bnpl')
  assert.ok(payment.captured_at, 'the payment is captured')
  assert.equal(payment.amount, full.order.total)
  assert.equal(payment.data.installments_count, 3)
  assert.equal(full.order.shipping_methods[0].name, 'Express 24h')
}

module.exports = {
  PLANS,
  offerThreePlans,
  productGrid,
  productPage,
  greyedTeaserByLink,
  cart,
  planPicker,
  planChosen,
  paymentCannotStart,
  payOnHostedPage,
  orderInAdminApi,
}
