// The columns of Medusa's tables the plugin reads through knex, from Medusa's own data models
// and link definitions (the installed @medusajs packages): the unit tests' PostgreSQL stand-in
// (src/__tests__/helpers/memory-db.ts) refuses another column of these tables, as PostgreSQL
// does. `node scripts/medusa-columns.js` prints them; `--write` writes
// src/__tests__/helpers/medusa-columns.json (its unit test checks it against the packages).
const fs = require("node:fs")
const path = require("node:path")

const MODELS = {
  payment: ["@medusajs/payment/dist/models", "Payment"],
  payment_session: ["@medusajs/payment/dist/models", "PaymentSession"],
  capture: ["@medusajs/payment/dist/models", "Capture"],
  refund: ["@medusajs/payment/dist/models", "Refund"],
  order: ["@medusajs/order/dist/models", "Order"],
  fulfillment: ["@medusajs/fulfillment/dist/models", "Fulfillment"],
}
const LINKS = {
  order_payment_collection: "OrderPaymentCollection",
  order_fulfillment: "OrderFulfillment",
  order_cart: "OrderCart",
  cart_payment_collection: "CartPaymentCollection",
}
const OWN = ["belongsTo", "hasOneWithFK"] // relationships whose foreign key is a column of this table

function medusaColumns() {
  const out = {}
  for (const [table, [pkg, name]] of Object.entries(MODELS)) {
    const schema = require(pkg)[name].schema
    out[table] = Object.entries(schema)
      .flatMap(([key, property]) => {
        const parsed = property.parse(key)
        if (parsed.type) return OWN.includes(parsed.type) ? [`${key}_id`] : []
        return [key]
      })
      .sort()
  }
  const definitions = require("@medusajs/link-modules/dist/definitions")
  for (const [table, name] of Object.entries(LINKS)) {
    const definition = definitions[name]
    if (definition.databaseConfig.tableName !== table) throw new Error(`${name} is not ${table}`)
    // A link table: its keys and the timestamps every link table has.
    out[table] = [...new Set([...definition.primaryKeys, "created_at", "updated_at", "deleted_at"])].sort()
  }
  return out
}

module.exports = { medusaColumns }

if (require.main === module) {
  const text = JSON.stringify(medusaColumns(), null, 2) + "\n"
  if (process.argv.includes("--write")) {
    fs.writeFileSync(path.join(__dirname, "../src/__tests__/helpers/medusa-columns.json"), text)
  } else process.stdout.write(text)
}
