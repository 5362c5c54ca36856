'use strict'

/**
 * What the two after-the-order parts of scripts/bench.js share (bench/shipping-sync.js,
 * bench/after-order.js): the merchant's warehouse, an order's fulfillment, the store's database
 * polled for the messages to the service, and the duplicates among the requests it processed.
 */

const { sleep } = require('../lib/processes')

const countBy = (values) => values.reduce((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {})

/** The stock location the orders ship from: the demo's Paris Warehouse (else the first). */
async function warehouseOf(merchant) {
  const { data: locations } = await merchant.admin('GET', '/admin/stock-locations?fields=id,name')
  return locations.stock_locations.find((l) => l.name === 'Paris Warehouse') ?? locations.stock_locations[0]
}

/** Every item of `order`, whole: what a fulfillment or a shipment sends. */
const wholeOrder = (order) => order.items.map((item) => ({ id: item.id, quantity: item.quantity }))

/** The admin's fulfillment of every item of `order` from `location` (`query`: the path's query string, if any). */
const fulfilOrder = (merchant, order, location, query = '') =>
  merchant.admin('POST', `/admin/orders/${order.id}/fulfillments${query}`, { items: wholeOrder(order), location_id: location.id })

/** `work(db)` with a client of the store's database, closed after. */
async function withDatabase(databaseUrl, work) {
  const { Client } = require('pg')
  const db = new Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    return await work(db)
  } finally {
    await db.end()
  }
}

/** `read()` again every `intervalMs` until `done(value)` or `timeoutMs` have passed; resolves the last value. */
async function pollUntil(read, done, timeoutMs, intervalMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await sleep(intervalMs)
  }
}

/** Requests the service processed again: the same content on the same path, beyond the first. */
const duplicatesOf = (requests) => Object.values(countBy(requests.map((r) => `${r.path} ${JSON.stringify(r.body)}`))).reduce((sum, count) => sum + count - 1, 0)

module.exports = { countBy, warehouseOf, wholeOrder, fulfilOrder, withDatabase, pollUntil, duplicatesOf }
