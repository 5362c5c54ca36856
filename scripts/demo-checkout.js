#!/usr/bin/env node
'use strict'

/**
 * `npm run demo:checkout` (or `npm run demo -- --checkout`): one customer and one merchant,
 * scripted against the running demo (.demo/demo.json), every step printed.
 *
 *   1. a cart in France with a ~350 € product and express shipping;
 *   2. the plans the service offers for it, each with its schedule;
 *   3. 3 instalments chosen: the service's hosted payment page;
 *   4. accepted there like a customer (on the sandbox), back to the store, order placed;
 *   5. the merchant ships it: the shipping information the service received.
 *
 * Options: --installments <n> (default 3). Needs the demo running: `npm run demo`.
 * Without the sandbox (BNPL_API_URL set), step 4 waits for you to pay on the hosted page.
 */

const { DEMO_FILE, readDemoInfo, isUp } = require('./lib/demo-info')
const { PROVIDER_ID, medusaClient, request } = require('./lib/store-api')
const { commandLine } = require('./lib/command-line')

const args = commandLine('Usage: npm run demo:checkout [-- --installments 3]\n  Scripted checkout and fulfillment against the running demo (npm run demo).')
const INSTALLMENTS = args.has('--installments') ? Number(args.value('--installments')) : 3
if (!Number.isInteger(INSTALLMENTS) || INSTALLMENTS < 1) {
  console.error('--installments must be a whole number like 3')
  process.exit(2)
}

const TARGET_PRICE = 350
const SYNC_TIMEOUT_MS = 60_000
const CUSTOMER_TIMEOUT_MS = 15 * 60_000
const ADDRESS = {
  first_name: 'Camille',
  last_name: 'Durand',
  address_1: '8 rue du Faubourg Saint-Denis',
  city: 'Paris',
  postal_code: '75010',
  country_code: 'fr',
  phone: '+33 1 23 45 67 89',
}

let stepNumber = 0
const step = (title) => console.log(`\n${++stepNumber}. ${title}`)
const say = (line = '') => console.log(`   ${line}`)
const euros = (cents) => `${(cents / 100).toFixed(2)} €`
const day = (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10)

/** Rows under a heading, columns aligned (numbers to the right). */
function table(headings, rows) {
  const widths = headings.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')
  return [line(headings), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].map((l) => `     ${l}`).join('\n')
}

/**
 * The storefront's return page: the demo storefront's own (`storefront_url` of .demo/demo.json),
 * whatever ports the demo runs on. The store accepts a return address only on its storefront
 * (the returnUrl option's origin or the store's CORS origins), so a page of this script's own
 * on another port would be refused with a 400.
 * @param {{storefront_url?: string}} demo
 */
function returnPageOf(demo) {
  if (!demo.storefront_url) throw new Error(`${DEMO_FILE} has no storefront_url: restart the demo (npm run demo)`)
  return `${demo.storefront_url.replace(/\/+$/, '')}/checkout/bnpl-return`
}

/** Resolves when `cartId` is completed (the demo storefront completes it when the customer comes back). */
async function cartCompleted(store, cartId) {
  const started = Date.now()
  for (;;) {
    const { cart } = await store('GET', `/store/carts/${cartId}?fields=id,completed_at`)
    if (cart.completed_at) return
    if (Date.now() - started > CUSTOMER_TIMEOUT_MS) throw new Error('Nobody came back from the hosted page in 15 minutes')
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function main() {
  const demo = readDemoInfo()
  if (!demo) throw new Error(`No ${DEMO_FILE}: start the demo first (npm run demo)`)
  if (!(await isUp(demo.backend_url))) {
    throw new Error(`The demo does not answer at ${demo.backend_url}/health: start it (npm run demo), or run npm run demo -- --checkout`)
  }
  const backend = demo.backend_url.replace(/\/+$/, '')
  const sandbox = demo.sandbox_url ? demo.sandbox_url.replace(/\/+$/, '') : null
  // JSON over HTTP (the body resolved); throws with the server's answer on a non-2xx status.
  const client = medusaClient(backend, { publishableKey: demo.publishable_key })
  const store = (method, path, body) => client.store(method, path, body).then((r) => r.data)
  const admin = (method, path, body) => client.admin(method, path, body).then((r) => r.data)
  console.log(`Scripted checkout against ${backend}${sandbox ? ` (service: sandbox ${sandbox})` : ''}`)

  // 1. The cart
  step('A cart in France')
  const { products } = await store('GET', `/store/products?region_id=${demo.region_id}&fields=id,title,*variants.calculated_price&limit=100`)
  const priced = products
    .map((p) => ({ product: p, variant: p.variants?.[0], amount: p.variants?.[0]?.calculated_price?.calculated_amount }))
    .filter((p) => typeof p.amount === 'number')
  if (!priced.length) throw new Error('The demo store has no product priced in its region')
  const chosen = priced.reduce((best, p) => (Math.abs(p.amount - TARGET_PRICE) < Math.abs(best.amount - TARGET_PRICE) ? p : best))
  let { cart } = await store('POST', '/store/carts', {
    region_id: demo.region_id,
    email: 'camille.durand@example.com',
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    items: [{ variant_id: chosen.variant.id, quantity: 1 }],
  })
  say(`cart ${cart.id}: 1 × ${chosen.product.title} (${chosen.amount.toFixed(2)} €), delivered to ${ADDRESS.city}, France`)
  const { shipping_options: options } = await store('GET', `/store/shipping-options?cart_id=${cart.id}`)
  const shipping = options.find((o) => /express|24 ?h/i.test(o.name)) || options[0]
  if (!shipping) throw new Error('No shipping option for this cart')
  say(`shipping options: ${options.map((o) => `${o.name} (${Number(o.amount ?? o.calculated_price?.calculated_amount ?? 0).toFixed(2)} €)`).join(', ')}`)
  ;({ cart } = await store('POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping.id }))
  say(`shipping: ${shipping.name}; cart total ${Number(cart.total).toFixed(2)} €`)

  // 2. The plans
  step('The plans the service offers for this cart (GET /store/bnpl/eligibility)')
  const { eligibility } = await store('GET', `/store/bnpl/eligibility?cart_id=${cart.id}`)
  if (!eligibility.service_available) {
    throw new Error(`The service is not available: ${eligibility.unavailable_reason} (${eligibility.message || ''})`)
  }
  say(`purchase amount ${euros(eligibility.purchase_amount)}, asked at ${eligibility.checked_at}`)
  for (const plan of eligibility.plans) {
    const name = plan.deferred_days
      ? `${plan.installments_count} payment in ${plan.deferred_days} days`
      : plan.deferred_months
        ? `${plan.installments_count} payment in ${plan.deferred_months} month(s)`
        : `${plan.installments_count} instalments${plan.pay_at_shipment ? ', paid from shipment' : ''}`
    if (!plan.eligible) {
      const range = plan.constraints?.purchase_amount
      say(`${name}: not available (${Object.entries(plan.reasons || {}).map(([f, r]) => `${f} ${r}`).join(', ')}${range ? `; from ${euros(range.minimum)} to ${euros(range.maximum)}` : ''})`)
      continue
    }
    say(`${name}: cost to the customer ${euros(plan.customer_total_cost_amount)} (${(plan.customer_total_cost_bps / 100).toFixed(2)} %)`)
    const withInterest = plan.payment_plan.some((i) => i.customer_interest)
    console.log(
      table(
        ['due', 'principal', 'fee', ...(withInterest ? ['interest'] : []), 'total'],
        plan.payment_plan.map((i) => [
          day(i.due_date),
          euros(i.purchase_amount),
          euros(i.customer_fee),
          ...(withInterest ? [euros(i.customer_interest)] : []),
          euros(i.total_amount),
        ])
      )
    )
  }
  if (!eligibility.plans.some((p) => p.eligible && p.installments_count === INSTALLMENTS && !p.deferred_days && !p.deferred_months && !p.pay_at_shipment)) {
    throw new Error(`${INSTALLMENTS} instalments are not offered for this cart`)
  }

  // 3. The payment
  step(`${INSTALLMENTS} instalments chosen: the hosted payment page`)
  const returnPage = returnPageOf(demo)
  {
    const { payment_collection: collection } = await store('POST', '/store/payment-collections', { cart_id: cart.id })
    const { payment_collection: withSession } = await store('POST', `/store/payment-collections/${collection.id}/payment-sessions`, {
      provider_id: PROVIDER_ID,
      data: { installments_count: INSTALLMENTS, return_url: returnPage },
    })
    const session = withSession.payment_sessions.find((s) => s.provider_id === PROVIDER_ID)
    const pid = session.data.bnpl_payment_id
    say(`payment collection ${collection.id}, session ${session.id}, service payment ${pid}`)
    say(`hosted page: ${session.data.url}`)
    say(`return page: ${returnPage}`)

    // 4. The customer pays
    if (sandbox) {
      step('The customer accepts on the hosted page (sandbox) and comes back')
      const page = await fetch(session.data.url)
      const title = (await page.text()).match(/<h1>([^<]*)<\/h1>/)
      say(`GET hosted page: HTTP ${page.status}${title ? ` "${title[1]}"` : ''}`)
      const accepted = await fetch(`${session.data.url}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      })
      const location = accepted.headers.get('location')
      if (accepted.status !== 302 || !location) throw new Error(`Accepting on the hosted page answered HTTP ${accepted.status}`)
      say(`POST ${session.data.url}/accept: HTTP 302 to ${location}`)
      // The browser would now load the storefront's return page, which completes the cart; this
      // script does what that page does, with the pid the service put on the address.
      const back = new URL(location, returnPage)
      say(`back on the store: ${back.href}`)
      if (back.origin + back.pathname !== returnPage) throw new Error(`The hosted page sent the customer to ${back.href}, expected ${returnPage}`)
      if (back.searchParams.get('pid') !== pid) throw new Error(`The return address carries pid ${back.searchParams.get('pid')}, expected ${pid}`)
    } else {
      step('Pay on the hosted page (open it in a browser); the demo storefront places the order when you come back')
      await cartCompleted(store, cart.id)
      say('back on the store: the cart is completed')
    }

    const completed = await store('POST', `/store/carts/${cart.id}/complete`)
    if (completed.type !== 'order') {
      throw new Error(`The cart was not completed: ${completed.error?.message || JSON.stringify(completed).slice(0, 300)}`)
    }
    const order = completed.order
    say(`order ${order.id} (#${order.display_id}) placed, total ${Number(order.total).toFixed(2)} €`)

    // 5. The merchant
    step('The merchant: the order in the admin')
    await client.login(demo.admin_email, demo.admin_password)
    const { order: adminOrder } = await admin(
      'GET',
      `/admin/orders/${order.id}?fields=id,display_id,payment_status,fulfillment_status,*items,*payment_collections.payments`
    )
    const payment = adminOrder.payment_collections.flatMap((pc) => pc.payments || []).find((p) => p.provider_id === PROVIDER_ID)
    say(`payment status: ${adminOrder.payment_status}; payment ${payment?.id} ${Number(payment?.amount).toFixed(2)} €, captured ${payment?.captured_at ? 'yes' : 'no'}`)
    const { bnpl_order: view } = await admin('GET', `/admin/bnpl/orders/${order.id}`)
    say(`at the service: payment ${view.payment.bnpl_payment_id}, state ${view.payment.state}, ${view.payment.installments_count} instalments`)
    console.log(
      table(
        ['due', 'total', 'state'],
        view.payment.payment_plan.map((i) => [day(i.due_date), euros(i.total_amount), i.state ?? ''])
      )
    )

    step('The merchant ships it (POST /admin/orders/:id/fulfillments)')
    const { stock_locations: locations } = await admin('GET', '/admin/stock-locations?limit=50')
    if (!locations.length) throw new Error('No stock location in the demo store')
    const location = locations[0]
    await admin('POST', `/admin/orders/${order.id}/fulfillments`, {
      items: adminOrder.items.map((i) => ({ id: i.id, quantity: i.quantity })),
      location_id: location.id,
    })
    say(`fulfillment created from ${location.name} (${location.id})`)

    const started = Date.now()
    let sync
    for (;;) {
      const { bnpl_order: latest } = await admin('GET', `/admin/bnpl/orders/${order.id}`)
      sync = latest.messages.find((m) => m.kind === 'shipping_info')
      if (sync && sync.status !== 'pending') break
      if (Date.now() - started > SYNC_TIMEOUT_MS) break
      await new Promise((r) => setTimeout(r, 500))
    }
    if (!sync) throw new Error(`No shipping sync recorded for ${order.id} within ${SYNC_TIMEOUT_MS / 1000} s`)
    say(`shipping sync ${sync.id}: ${sync.status} after ${sync.attempts} attempt(s) in ${((Date.now() - started) / 1000).toFixed(1)} s${sync.last_error ? ` (last error: ${sync.last_error})` : ''}`)
    if (sync.status === 'pending') say('still pending: the retry job pushes it again (every minute, with backoff)')

    if (sandbox) {
      step('What the service received (GET /_sandbox/requests?path=/v1/payment/)')
      const { data: { requests } } = await request('GET', `${sandbox}/_sandbox/requests?path=${encodeURIComponent(`/v1/payment/${pid}`)}`)
      if (!requests.length) {
        say('nothing yet')
      }
      for (const request of requests) {
        say(`${request.method} ${request.path} -> HTTP ${request.status}${request.fault ? ` (fault: ${request.fault})` : ''} at ${request.at}`)
        console.log(
          JSON.stringify(request.body?.payment?.shipping_info ?? request.body, null, 2)
            .split('\n')
            .map((l) => `     ${l}`)
            .join('\n')
        )
      }
    }
    console.log(`\nDone: order ${order.id} paid in ${INSTALLMENTS} instalments (service payment ${pid}), shipped, shipping information ${sync.status}.`)
    if (sync.status !== 'accepted') process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(`\n[demo:checkout] ${error && error.message ? error.message : error}`)
  process.exit(1)
})
