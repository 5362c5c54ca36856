'use strict'

/**
 * An order paid in instalments, in the admin (admin.browser.js): a customer pays an order in 3
 * instalments through the store API (accepted on the sandbox, the order's attachment failing
 * with 503s), the order is fulfilled, and its page shows the widget: service payment id, state,
 * schedule and the timeline of what the service was told; the failed entry's "Push again" sends
 * it; "Send shipping information" adds a manual entry; the payment id fits its card at 320 px.
 * An order event the retry job gave up on is said on the timeline, and "Try again now" handles it
 * (run with the dashboard in French).
 */

const assert = require('node:assert/strict')
const { Client } = require('pg')
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
    return body.bnpl_order?.messages?.some((/** @type {any} */ m) => m.kind === 'shipping_info' && m.status === 'accepted')
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

/**
 * The order owes an edit's difference (admin API): the "Instalment payment link" card shows the
 * plans and the link, sends it by e-mail (the store's local provider logs it), then cancels it.
 */
async function paymentLinkCard(/** @type {AdminJourney} */ a, /** @type {{order: any}} */ { order }) {
  const { page, backendUrl } = a
  a.begin('the order owes an edit: the instalment payment link card, sent by e-mail, then cancelled')
  const admin = async (/** @type {string} */ path, /** @type {any} */ data) => {
    const r = await page.request.post(`${backendUrl}${path}`, { data })
    assert.equal(r.status(), 200, `${path}: ${r.status()} ${await r.text()}`)
  }
  const items = await orderItems(page, backendUrl, order.id)
  const variant = await page.request.get(`${backendUrl}/admin/orders/${order.id}?fields=*items`)
  const variantId = (await variant.json()).order.items[0].variant_id
  assert.ok(items.length && variantId, 'the order has an item to add once more')
  await admin('/admin/order-edits', { order_id: order.id })
  await admin(`/admin/order-edits/${order.id}/items`, { items: [{ variant_id: variantId, quantity: 1 }] })
  await admin(`/admin/order-edits/${order.id}/request`, {})
  await admin(`/admin/order-edits/${order.id}/confirm`, {})
  await openOrderWidget(page, backendUrl, order.id)
  const card = page.getByTestId('bnpl-payment-link-card')
  await card.waitFor({ timeout: 60_000 })
  await card.getByTestId('bnpl-payment-link-state').getByText('Not sent', { exact: true }).waitFor()
  await card.getByRole('list', { name: 'Plans the service accepts for this amount' }).getByText('3 instalments').waitFor()
  assert.match(await card.getByTestId('bnpl-payment-link-url').textContent(), /\/payment-collection\/pay_col_\w+\?order_id=/)
  await a.check('admin payment link card, not sent (en)')
  // With the keyboard: the button takes focus and Enter sends.
  const send = card.getByRole('button', { name: `Send the payment link of order #${order.display_id} by e-mail` })
  await send.focus()
  await page.keyboard.press('Enter')
  await card.getByTestId('bnpl-payment-link-state').getByText('Sent', { exact: true }).waitFor()
  await card.getByText(/^Sent on .*; valid until /).waitFor()
  await a.shoot('order-payment-link.png', card, { only: true })
  await a.check('admin payment link card, sent (en)')
  await card.getByRole('button', { name: `Cancel the payment link of order #${order.display_id}` }).click()
  await card.getByTestId('bnpl-payment-link-state').getByText('Cancelled', { exact: true }).waitFor()
  await card.getByRole('button', { name: `Send the payment link of order #${order.display_id} again` }).waitFor()
}

/**
 * An order event the retry job gave up on (as hours of an unreadable order leave it: written in
 * the database, there is no other way to make Medusa's reads fail for one order): the timeline
 * says it waits and that the plugin stopped trying; "Try again now", with the keyboard, handles it.
 * Run with the dashboard in French (after languages.js's orderWidgetInFrench): its words are French.
 */
async function eventWaiting(/** @type {AdminJourney} */ a, /** @type {{order: any}} */ { order }) {
  const { page } = a
  a.begin('an order event the retry job gave up on: said on the timeline, then Try again now (French)')
  const db = new Client({ connectionString: a.databaseUrl })
  await db.connect()
  try {
    await db.query(
      `insert into bnpl_order_event (id, event, order_id, status, attempts, last_error, created_at, updated_at)
       values ('bnplevt_browser', 'order_placed', $1, 'failed', 8, 'connection dropped', now() - interval '1 minute', now() - interval '1 minute')`,
      [order.id]
    )
  } finally {
    await db.end()
  }
  const widget = await openOrderWidget(page, a.backendUrl, order.id)
  const notice = widget.getByTestId('bnpl-timeline-events-waiting')
  await notice.getByText("1 événement de la commande n'est pas encore transmis au service : la commande n'a pas pu être lue.").waitFor()
  await notice.getByText('Le plugin a cessé de réessayer après de nombreuses tentatives', { exact: false }).waitFor()
  await notice.getByText('connection dropped', { exact: false }).waitFor()
  await a.check('admin order timeline with an order event waiting (fr)')
  await notice.getByRole('button', { name: 'Réessayer maintenant' }).focus()
  await page.keyboard.press('Enter')
  await notice.waitFor({ state: 'detached' })
  // Focus, on the button that left with the notice, moves to the timeline's heading (not the page).
  await page.waitForFunction(() => document.activeElement?.id === 'bnpl-timeline-heading')
}

module.exports = { customerPays, fulfilIt, orderWidget, eventWaiting, paymentLinkCard }
