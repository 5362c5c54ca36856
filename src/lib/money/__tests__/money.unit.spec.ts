import { BigNumber } from "@medusajs/framework/utils"
import { addAmounts, currencyExponent, formatCents, fromCents, refundCents, toCents } from "../money"

describe("currencyExponent", () => {
  it.each([
    ["EUR", 2],
    ["eur", 2],
    ["USD", 2],
    ["JPY", 0],
    ["krw", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["tnd", 3],
  ])("%s has %i decimals", (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent)
  })
})

describe("toCents", () => {
  it.each<[string, unknown, string, number]>([
    ["EUR 10.5", 10.5, "EUR", 1050],
    ["EUR lower-case code", 10.5, "eur", 1050],
    ["EUR integer", 42, "EUR", 4200],
    ["EUR zero", 0, "EUR", 0],
    ["EUR 0.1 + 0.2 (0.30000000000000004)", 0.1 + 0.2, "EUR", 30],
    ["EUR 1.15 (114.99999999999999 in float maths)", 1.15, "EUR", 115],
    ["EUR 0.07 (7.000000000000001 in float maths)", 0.07, "EUR", 7],
    ["EUR 19.999 rounds up", 19.999, "EUR", 2000],
    ["EUR 19.994 rounds down", 19.994, "EUR", 1999],
    ["EUR 12.345 half rounds away from zero", 12.345, "EUR", 1235],
    ["EUR 1.005 half rounds away from zero", 1.005, "EUR", 101],
    ["EUR 0.005 half rounds away from zero", 0.005, "EUR", 1],
    ["EUR negative -10.5", -10.5, "EUR", -1050],
    ["EUR negative half -10.555 away from zero", -10.555, "EUR", -1056],
    ["EUR negative -19.999", -19.999, "EUR", -2000],
    ["EUR string 12.34", "12.34", "EUR", 1234],
    ["EUR string 12.345", "12.345", "EUR", 1235],
    ["JPY 1234 (0 decimals)", 1234, "JPY", 1234],
    ["JPY 1234.5 half away from zero", 1234.5, "JPY", 1235],
    ["JPY 1234.4", 1234.4, "JPY", 1234],
    ["JPY -2.5 half away from zero", -2.5, "JPY", -3],
    ["KWD 12.345 (3 decimals)", 12.345, "KWD", 12345],
    ["KWD 12.3456", 12.3456, "KWD", 12346],
    ["KWD 12.3454", 12.3454, "KWD", 12345],
    ["BHD 8.675", 8.675, "BHD", 8675],
    ["BHD 0.0005 half away from zero", 0.0005, "BHD", 1],
  ])("%s", (_label, amount, currency, cents) => {
    expect(toCents(amount as any, currency)).toBe(cents)
  })

  it("takes a Medusa BigNumber", () => {
    expect(toCents(new BigNumber(10.5), "EUR")).toBe(1050)
    expect(toCents(new BigNumber(12.345), "EUR")).toBe(1235)
    expect(toCents(new BigNumber("19.999"), "EUR")).toBe(2000)
    expect(toCents(new BigNumber(1234.5), "JPY")).toBe(1235)
    expect(toCents(new BigNumber(12.345), "KWD")).toBe(12345)
  })

  it("takes a BigNumber built from a raw value", () => {
    expect(toCents(new BigNumber({ value: "19.995", precision: 20 }), "EUR")).toBe(2000)
  })

  it("takes a raw {value, precision} object", () => {
    expect(toCents({ value: "12.345", precision: 20 }, "EUR")).toBe(1235)
    expect(toCents({ value: "12.344", precision: 20 }, "EUR")).toBe(1234)
    expect(toCents({ value: "12.345", precision: 20 }, "KWD")).toBe(12345)
    expect(toCents({ value: "1234.5", precision: 20 }, "JPY")).toBe(1235)
  })

  it("rounds once, on the scaled value, not in steps", () => {
    // Rounding first to 3 decimals (1.005) and then to cents would give 101.
    expect(toCents(1.00499, "EUR")).toBe(100)
    expect(toCents("1.00499999", "EUR")).toBe(100)
    // 0.4449 → 44.49 → 44 (a stepwise 44.5 → 45 would be wrong).
    expect(toCents(0.4449, "EUR")).toBe(44)
    expect(toCents(-0.4449, "EUR")).toBe(-44)
  })

  it("returns a plain JS number", () => {
    expect(typeof toCents(new BigNumber(10.5), "EUR")).toBe("number")
  })

  it.each([["abc"], [Number.NaN], [Number.POSITIVE_INFINITY]])("refuses %p", (amount) => {
    expect(() => toCents(amount as any, "EUR")).toThrow(/is not a finite number/)
  })

  it.each([["9".repeat(40)], ["9".repeat(400)], ["90071992547409.93"]])(
    "refuses %s: not a safe whole number of cents",
    (amount) => {
      expect(() => toCents(amount, "EUR")).toThrow(/too large/)
    }
  )

  it("still converts the largest safe amount", () => {
    expect(toCents("90071992547409.91", "EUR")).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe("fromCents", () => {
  it.each<[number, string, number]>([
    [1050, "EUR", 10.5],
    [1999, "eur", 19.99],
    [30, "EUR", 0.3],
    [1, "EUR", 0.01],
    [0, "EUR", 0],
    [-1055, "EUR", -10.55],
    [1234, "JPY", 1234],
    [-7, "JPY", -7],
    [12345, "KWD", 12.345],
    [1, "BHD", 0.001],
  ])("%i %s → %p", (cents, currency, amount) => {
    const value = fromCents(cents, currency)
    expect(typeof value).toBe("number")
    expect(value).toBe(amount)
  })

  it.each([
    [1050, "EUR"],
    [-1055, "EUR"],
    [1234, "JPY"],
    [12345, "KWD"],
    [8675, "BHD"],
    [11, "EUR"],
  ])("round-trips %i %s", (cents, currency) => {
    expect(toCents(fromCents(cents, currency), currency)).toBe(cents)
  })
})

describe("formatCents", () => {
  it.each<[number, string, string]>([
    [123450, "EUR", "1234.50 EUR"],
    [123450, "eur", "1234.50 EUR"],
    [5, "EUR", "0.05 EUR"],
    [-5, "EUR", "-0.05 EUR"],
    [0, "EUR", "0.00 EUR"],
    [1000, "EUR", "10.00 EUR"],
    [1234, "jpy", "1234 JPY"],
    [1234, "KWD", "1.234 KWD"],
    [1000, "BHD", "1.000 BHD"],
  ])("%i %s → %s", (cents, currency, text) => {
    expect(formatCents(cents, currency)).toBe(text)
  })
})

describe("refundCents", () => {
  it("rounds partial refunds against the running total: three thirds of 100.00 give back 100.00", () => {
    let before = "0"
    const cents: number[] = []
    for (let i = 0; i < 3; i++) {
      cents.push(refundCents("33.333333", before, "eur"))
      before = addAmounts(before, "33.333333")
    }
    expect(cents).toEqual([3333, 3334, 3333])
    expect(cents.reduce((a, b) => a + b)).toBe(10_000)
  })

  it("is toCents for a first refund", () => {
    expect(refundCents(12.5, 0, "eur")).toBe(1250)
    expect(refundCents(30000, 0, "jpy")).toBe(30000)
  })
})
