import fs from "node:fs"
import { KINDS } from "../kinds"

/**
 * Medusa's order module rewrites any field it reads that names `items.` (but not `items.item`) to
 * the line item's (`mapRepositoryToOrderModel` in @medusajs/order/dist/utils/transform-order.js),
 * silently: a kind reading `returns.items.received_quantity` gets nothing, with no error and no
 * log line (a replay of docs/recipes/message-kind.md met it). The order's own lines (`items.*`,
 * `items.detail.*`) are safe; a return's, a claim's or an exchange's items are read from the order
 * line (`items.detail.return_received_quantity`...) or from their entity in a read of their own.
 */
const ORDER_MODULE_RELATIONS = ["returns", "claims", "exchanges", "shipping_methods", "transactions", "credit_lines"]

describe("the order fields the kinds read", () => {
  it("Medusa still rewrites a nested `items.` field (the rule this test keeps kinds clear of)", () => {
    const source = fs.readFileSync(require.resolve("@medusajs/order/dist/utils/transform-order.js"), "utf8")
    expect(source).toContain('rel.replace("items.", "items.item.")')
  })

  it("never name the items of the order module's own relations, which Medusa would rewrite to nothing", () => {
    const rewritten = KINDS.flatMap((k) =>
      k.orderFields
        .filter((f) => ORDER_MODULE_RELATIONS.includes(f.split(".")[0]) && f.includes("items."))
        .map((f) => `${k.kind}: ${f}`)
    )
    expect(rewritten).toEqual([])
  })
})
