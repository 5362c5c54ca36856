import { formatCents, planLabel } from "../format"
import { sentSummary } from "../sync-log"

/** The key and its values, so the tests read what was asked for. */
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)

describe("the shipping sync log", () => {
  it("says what was sent: title, method, express and amount", () => {
    const payload = {
      selected_options: [{ title: "Express 24h", shipping_method: "postal", express_delivery: true, amount: 490 }],
    }
    expect(sentSummary(payload, "eur", t, "en")).toBe(
      `Express 24h · shippingMethod.postal · order.sync.express · ${formatCents(490, "eur", "en")}`
    )
    expect(sentSummary({ selected_options: [] }, "eur", t, "en")).toBeUndefined()
    expect(sentSummary(null, "eur", t, "en")).toBeUndefined()
  })
})

describe("money and plans in the admin", () => {
  it("counts UYI in whole units, like the server (one exponent table)", () => {
    expect(formatCents(1234, "UYI", "en")).toMatch(/1,234/)
    expect(formatCents(1234, "kwd", "en")).toMatch(/1\.234/)
  })

  it("reads null deferrals (an order's view) as none", () => {
    expect(planLabel({ installments_count: 3, deferred_days: null, deferred_months: null }, t)).toBe(
      'plan.instalments {"count":3}'
    )
    expect(planLabel({ installments_count: 1, deferred_days: 30 }, t)).toMatch(/^plan\.payIn /)
  })
})
