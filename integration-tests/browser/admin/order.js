'use strict'

/**
 * An order paid in instalments, in the admin (admin.browser.js): a customer pays an order in 3
 * instalments through the store API (accepted on the sandbox, the order's attachment failing
 * with 503s), the order is fulfilled, and its page shows the widget: service payment id, state,
 * schedule and the timeline of what the service was told; the failed entry's "Push again" sends
 * it; "Send shipping information" adds a manual entry; the payment id fits its card at 320 px.
 */

const assert = require('node:assert/strict')
const { medusaClient, paidOrder, eventually } = require('../../../scripts/lib/store-api')
const { openOrderWidget, orderItems, stockLocationId } = require('./pages')

/** @typedef {import('./journey').AdminJourney} AdminJourney */

/** Resolves the order and its service payment id. */
async function customerPays(/** @type {AdminJourney} */ a) {
  const { backendUrl, seed, sandbox } = a
  a.begin('a customer pays in 3 instalments (store API, accepted on the sandbox)')
  const customer = medusaClient(backendUrl, { publishableKey: seed.publishable_key })
  // The order's attachment fails (the call and its retries): its timeline entry offers "Push again".
  sandbox.setFault({ match: { method: 'POST', path: '/v1/payments/payment_' }, status: 503, count: 3 })
  const { order, pid } = await paidOrder(customer, seed, { sandbox, price: 129.9 })
  a.log(`order ${order.id}, service payment ${pid}`)
  return { order, pid }
}

async function fulfilIt(/** @type {AdminJourney} */ a, /** @type {string} */ orderId) {
  const { page, backendUrl } = a
  a.begin('fulfilling the order (sends the shipping information)')
  const fulfilled = await page.request.post(`${backendUrl}/admin/orders/${orderId}/fulfillments`, {
    data: { items: await orderItems(page, backendUrl, orderId), location_id: await stockLocationId(page, backendUrl) },
  })
  assert.equal(fulfilled.status(), 200, `fulfillment: ${fulfilled.status()} ${await fulfilled.text()}`)
  await eventually('the shipping sync is recorded as sent', async () => {
    const r = await page.request.get(`${backendUrl}/admin/bnpl/orders/${orderId}`)
    const body = await r.json()
    return body.bnpl_order?.shipping_syncs?.some((/** @type {any} */ s) => s.status === 'synced')
  })
}

/** The widget: the payment, its schedule, the timeline with the failed attachment; then Push again and Send again. */
async function orderWidget(/** @type {AdminJourney} */ a, /** @type {{order: any, pid: string}} */ { order, pid }) {
  const { page } = a
  a.begin("the order's page shows the widget")
  const widget = await openOrderWidget(page, a.backendUrl, order.id)
  await widget.getByTestId('bnpl-payment-id').getByText(pid, { exact: true }).waitFor()
  await widget.getByTestId('bnpl-payment-state').getByText('Accepted, instalments running').waitFor()
  await widget.getByText('3 instalments', { exact: true }).waitFor()
  // Paid with the test account (the only one configured: the store is in test mode).
  await widget.locator('[data-testid="bnpl-payment-mode"][data-mode="test"]').waitFor()
  const scheduleRows = widget.getByTestId('bnpl-schedule').locator('tbody tr')
  assert.equal(await scheduleRows.count(), 3, 'the schedule has 3 instalments')
  const timeline = widget.getByTestId('bnpl-timeline')
  await timeline.locator('[data-kind="shipping_info"][data-status="accepted"]').getByText('Sent', { exact: true }).waitFor()
  const attached = timeline.locator('[data-kind="order"]')
  await attached.getByText('Will retry', { exact: true }).waitFor()
  await attached.getByText(`Order ${order.display_id} attached to the payment`).waitFor()
  await a.check('admin order timeline with a failed message (en)')

  a.begin('Push again on the failed entry (the service answers now)')
  await page.waitForTimeout(5500) // "Push again" waits 5 s after a message's last attempt
  const pushOne = attached.getByRole('button', { name: /^Push again: Order attached/ })
  await pushOne.click()
  await widget.locator('[data-kind="order"][data-status="accepted"]').getByText('Sent', { exact: true }).waitFor()
  assert.equal(await widget.locator('[data-kind="order"]').getByTestId('bnpl-timeline-push').count(), 0, 'no Push again once accepted')

  a.begin('Send shipping information again')
  await widget.getByTestId('bnpl-push-again').click()
  await timeline.getByText('Pushed from the admin').waitFor()
  await timeline.getByText('Already up to date').waitFor()
  await a.shoot('order.png', widget)
  await a.check('admin order widget (en)')
  await a.assertBadgeFits()
}

module.exports = { customerPays, fulfilIt, orderWidget }
