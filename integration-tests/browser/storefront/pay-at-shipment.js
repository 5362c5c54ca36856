'use strict'

/**
 * Pay at shipment (storefront.browser.js): the plan says "Nothing to pay today: your first
 * instalment is taken when your order ships", no dates, bought on the hosted page, shipped
 * through the admin API (fulfillment, then shipment): the sandbox's payment triggered once, the
 * order view's trigger message accepted.
 */

const assert = require('node:assert/strict')
const { eventually } = require('../../../scripts/lib/store-api')
const { PLANS } = require('./purchase')

const NOTHING_TODAY = 'Nothing to pay today: your first instalment is taken when your order ships'

/** @typedef {import('./journey').Journey} Journey */

/** The plan offered, chosen and bought; resolves the service payment id. */
async function payAtShipment(/** @type {Journey} */ j) {
  const { page, sandbox } = j
  j.begin('pay at shipment: nothing today, the first instalment when the order ships')
  const planOffered = (plans) => plans.some((/** @type {any} */ p) => p.pay_at_shipment && p.eligible)
  await j.offerPlans({ plans: [...PLANS, { installments_count: 3, pay_at_shipment: true }] }, 'the pay-at-shipment plan is offered', planOffered)
  await j.emptyCart()
  await j.checkoutWith('merino-wool-sweater', 'Colissimo Home')
  const shipPlan = page.locator('.bnpl-plan', { has: page.locator('#bnpl-plan-3x-d0-m0-ship') })
  assert.match(await shipPlan.textContent(), /Pay in 3 instalments when your order ships/)
  assert.ok((await shipPlan.textContent()).includes(NOTHING_TODAY))
  assert.equal(await shipPlan.locator('time').count(), 0, 'no due dates for a pay-at-shipment plan')
  await page.locator('label[for="bnpl-plan-3x-d0-m0-ship"]').click()
  assert.equal(await page.locator('[data-testid="due-today"]').textContent(), NOTHING_TODAY)
  await j.auditBoth('pay at shipment chosen')
  await page.locator('.button--pay').click()
  await page.waitForURL((url) => url.pathname.startsWith('/pay/'))
  const shipPid = j.lastPathPart()
  assert.equal(sandbox.payments.get(shipPid).deferred_trigger, true)
  await j.acceptOnHostedPage()
  const shipConfirmation = page.locator('.confirmation')
  await shipConfirmation.locator('.bnpl-schedule').waitFor()
  assert.ok((await shipConfirmation.textContent()).includes(NOTHING_TODAY))
  // Its heading is the plan, not "Paid in 3 instalments": nothing is paid yet.
  assert.equal(await shipConfirmation.locator('.payment h2').textContent(), 'Pay in 3 instalments when your order ships')
  assert.equal(await shipConfirmation.locator('time').count(), 0)
  await j.shot('storefront-pay-at-shipment.png')
  await j.auditBoth('confirmation, pay at shipment')
  assert.equal(sandbox.payments.get(shipPid).deferred_trigger_applied, false, 'nothing taken before it ships')
  return shipPid
}

/** The merchant fulfils, then ships the order (admin API): the payment triggered once, the order view says so. */
async function merchantShipsIt(/** @type {Journey} */ j, /** @type {string} */ shipPid) {
  const { client, sandbox, log } = j
  j.begin('the merchant ships it (admin API: fulfillment, then shipment): the payment is triggered once')
  const shipOrderId = j.lastPathPart()
  const { data: shipOrder } = await client.admin('GET', `/admin/orders/${shipOrderId}?fields=*items`)
  const shipItems = shipOrder.order.items.map((/** @type {any} */ i) => ({ id: i.id, quantity: i.quantity }))
  const { data: fulfilled } = await client.admin('POST', `/admin/orders/${shipOrderId}/fulfillments?fields=*fulfillments`, {
    items: shipItems,
    location_id: j.seed.stock_location_id,
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
    // Accepted by the service: `accepted_at` set (status "accepted").
    return (data.bnpl_order.messages ?? []).find((/** @type {any} */ m) => m.kind === 'trigger' && m.accepted_at)
  })
  log(`  trigger accepted at ${triggered.accepted_at}`)
}

module.exports = { payAtShipment, merchantShipsIt }
