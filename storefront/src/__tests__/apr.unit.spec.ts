import { instalmentDays, planApr, roundApr, solveAnnualRate } from "../apr"
import { formatPlan } from "../format"
import type { Plan } from "../types"
import { NOW, TEN, THREE, THREE_AT_SHIPMENT } from "./fixtures"

const at = (days: number) => Math.floor(NOW.getTime() / 1000) + days * 86400
/** A plan from [purchase, fee, interest, days from NOW] rows (amounts in cents). */
const plan = (rows: Array<[number, number, number, number]>, extra: Partial<Plan> = {}): Plan => ({
  eligible: true,
  installments_count: rows.length,
  payment_plan: rows.map(([purchase, fee, interest, days]) => ({
    purchase_amount: purchase,
    customer_fee: fee,
    customer_interest: interest,
    due_date: at(days),
    total_amount: purchase + fee + interest,
  })),
  ...extra,
})

describe("the Annex I equation, against published worked examples", () => {
  // Directive 98/7/EC, Annex III (the worked examples of the APR equation that 2008/48/EC and
  // 2023/2225 kept): a credit of 1 000 on 1 January 1994...
  it("first example: repaid by 1 200 on 1 July 1995, 546 days later: 12.96 %, so 13.0 (one decimal)", () => {
    const x = solveAnnualRate([{ amount: 1000, years: 0 }], [{ amount: 1200, years: 546 / 365 }])!
    expect(x * 100).toBeCloseTo(12.96, 2)
    expect(roundApr(x)).toBe(13)
    // The same with 1.5 years of 12 equal months (the annex allows both): 12.92 %.
    expect(solveAnnualRate([{ amount: 1000, years: 0 }], [{ amount: 1200, years: 1.5 }])! * 100).toBeCloseTo(12.92, 2)
  })

  it("second example: 50 kept for administrative expenses (950 lent), the same 1 200: 16.9 %", () => {
    expect(roundApr(solveAnnualRate([{ amount: 950, years: 0 }], [{ amount: 1200, years: 546 / 365 }])!)).toBe(16.9)
  })

  it("third example: two payments of 600 after one and two years: i = 0.1306623, 13.1 %", () => {
    const x = solveAnnualRate([{ amount: 1000, years: 0 }], [{ amount: 600, years: 1 }, { amount: 600, years: 2 }])!
    expect(x).toBeCloseTo(0.1306623, 6)
    expect(roundApr(x)).toBe(13.1)
  })

  it("rounds half up to one decimal, and gives no rate when nothing is repaid after the start", () => {
    expect(roundApr(0.12949)).toBe(12.9)
    expect(roundApr(0.1295)).toBe(13)
    expect(roundApr(-1e-13)).toBe(0)
    expect(Object.is(roundApr(-1e-13), -0)).toBe(false)
    expect(solveAnnualRate([{ amount: 100, years: 0 }], [{ amount: 101, years: 0 }])).toBeUndefined()
  })
})

describe("a plan's APR, computed by hand", () => {
  it("3 instalments of €43.30, €1.88 fees on the first paid at the order: 19.3 %", () => {
    // 129.90 drawn on 23 Nov; 45.18 repaid the same day, 43.30 after 30 and 61 days: the credit
    // is 84.72 = 43.30·(1+X)^(-30/365) + 43.30·(1+X)^(-61/365), X = 0.19279 (checked below).
    expect(instalmentDays(THREE, { start: NOW })).toEqual([0, 30, 61])
    const apr = planApr(THREE, { start: NOW })
    expect(apr).toBe(19.3)
    const x = 0.19279
    expect(43.3 * (1 + x) ** (-30 / 365) + 43.3 * (1 + x) ** (-61 / 365)).toBeCloseTo(84.72, 2)
  })

  it("4 instalments of €50.00, €3.00 fees on the first: the credit 147 = 50·v^30 + 50·v^61 + 50·v^92, v = (1+X)^(-1/365) → 12.9 %", () => {
    const four = plan([
      [5000, 300, 0, 0],
      [5000, 0, 0, 30],
      [5000, 0, 0, 61],
      [5000, 0, 0, 92],
    ])
    expect(planApr(four, { start: NOW })).toBe(12.9)
    const x = 0.128733
    expect([30, 61, 92].reduce((sum, d) => sum + 50 * (1 + x) ** (-d / 365), 0)).toBeCloseTo(147, 2)
  })

  it("pay in 30 days, €1.00 fee on €100.00: (1.01)^(365/30) − 1 = 12.87 %, so 12.9", () => {
    const deferred = plan([[10000, 100, 0, 30]], { deferred_days: 30 })
    expect(((1.01 ** (365 / 30) - 1) * 100).toFixed(2)).toBe("12.87")
    expect(planApr(deferred, { start: NOW })).toBe(12.9)
    // Seen before its due date, the plan starts now by default.
    expect(planApr(deferred, { now: NOW })).toBe(12.9)
  })

  it("a plan that costs nothing: 0.0 %", () => {
    const free = plan([
      [10000, 0, 0, 0],
      [10000, 0, 0, 31],
      [10000, 0, 0, 61],
    ])
    expect(planApr(free, { start: NOW })).toBe(0)
    expect(formatPlan(free, { locale: "en-GB", currencyCode: "eur", start: NOW }).apr).toBe("APR 0.0%")
  })

  it("interest spread over ten instalments (the credit plan): its APR counts interest and fees alike", () => {
    expect(planApr(TEN, { start: NOW })).toBe(24.4)
  })

  it("starts at the first due date once it has passed, a few seconds' gap counting for nothing", () => {
    expect(instalmentDays(THREE, { now: new Date(NOW.getTime() + 3 * 86400_000) })).toEqual([0, 30, 61])
    expect(instalmentDays(THREE, { start: new Date(NOW.getTime() + 5000) })).toEqual([0, 30, 61])
    expect(planApr(THREE, { start: NOW.toISOString() })).toBe(19.3)
  })

  it("pay at shipment: the days count from the first instalment, as if it shipped the day of the order", () => {
    const later = {
      ...THREE_AT_SHIPMENT,
      payment_plan: THREE.payment_plan!.map((i) => ({ ...i, due_date: i.due_date + 12 * 86400 })),
    }
    expect(instalmentDays(later, { start: NOW })).toEqual([0, 30, 61])
    expect(planApr(later, { start: NOW })).toBe(planApr(THREE, { start: NOW }))
  })

  it("a payment of everything now is no credit: no APR", () => {
    expect(planApr(plan([[12990, 0, 0, 0]]), { start: NOW })).toBeUndefined()
  })

  it("uses the service's APR when it gives one, even where the kit's computation differs", () => {
    const served = { ...THREE, annual_percentage_rate_bps: 1745 }
    expect(planApr(THREE, { start: NOW })).toBe(19.3)
    expect(planApr(served, { start: NOW })).toBe(17.45)
    expect(formatPlan(served, { locale: "fr-FR", currencyCode: "eur", start: NOW }).apr).toBe("TAEG 17,45\u00a0%")
  })
})
