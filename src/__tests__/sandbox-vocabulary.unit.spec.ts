import fs from "node:fs"
import path from "node:path"
import { ACCEPTED_STATES, SHIPPING_METHODS } from "../client/types"
import { SERVICE_LANGUAGES } from "../lib/payment/customer-language"
import { LEGAL_DEFAULTS } from "../lib/legal/defaults"

/**
 * The sandbox (plain Node, outside src/) keeps its copies of the service's words in one file,
 * sandbox/vocabulary.js: this test fails when one of them and the plugin's own list differ.
 */
const vocabulary = require("../../sandbox/vocabulary")

describe("the sandbox's vocabulary is the plugin's", () => {
  it("accepted states, shipping methods, languages", () => {
    expect(vocabulary.ACCEPTED_STATES).toEqual([...ACCEPTED_STATES])
    expect(vocabulary.SHIPPING_METHODS).toEqual([...SHIPPING_METHODS])
    expect([...vocabulary.LANGUAGES].sort()).toEqual([...SERVICE_LANGUAGES].sort())
  })

  it("payment states: every member of the PaymentState type", () => {
    const source = fs.readFileSync(path.join(__dirname, "../client/types.ts"), "utf8")
    const union = /export type PaymentState =([^]*?)\n\n/.exec(source)?.[1] ?? ""
    const members = [...union.matchAll(/"([a-z_]+)"/g)].map((m) => m[1])
    expect(members.length).toBeGreaterThan(5)
    expect([...vocabulary.PAYMENT_STATES].sort()).toEqual(members.sort())
  })

  it("the hosted page's credit warnings are the plugin's default texts", () => {
    const market = { "BE-fr": "BE-FR", "BE-nl": "BE-NL", other: "OTHER" } as Record<string, string>
    for (const [key, { text }] of Object.entries(vocabulary.CREDIT_WARNINGS as Record<string, { text: string }>)) {
      expect([key, text]).toEqual([key, LEGAL_DEFAULTS[(market[key] ?? key) as keyof typeof LEGAL_DEFAULTS].warning])
    }
  })
})
