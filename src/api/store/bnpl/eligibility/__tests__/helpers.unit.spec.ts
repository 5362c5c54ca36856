import { amountProblem, mapLimited, splitAmounts } from "../helpers"

describe("amountProblem", () => {
  it.each([
    ["19.90", "eur"],
    ["19.9", "eur"],
    ["1000000", "eur"],
    ["0.01", "eur"],
    ["1500", "jpy"],
    ["12.345", "kwd"],
    ["007", "eur"],
  ])("accepts %s %s", (value, currency) => {
    expect(amountProblem(value, currency)).toBeUndefined()
  })

  it.each([
    ["0", "eur", /greater than 0/],
    ["0.00", "eur", /greater than 0/],
    ["0.001", "eur", /more than 2 decimals/],
    ["12.345", "eur", /more than 2 decimals/],
    ["12.5", "jpy", /whole number in JPY/],
    ["1000000.01", "eur", /too large/],
    ["9".repeat(40), "eur", /too large/],
    ["9".repeat(400), "eur", /too large/],
    ["-5", "eur", /positive number/],
    ["1e3", "eur", /positive number/],
    ["", "eur", /positive number/],
    ["ten", "eur", /positive number/],
  ])("refuses %s %s", (value, currency, message) => {
    expect(amountProblem(value, currency)).toMatch(message)
  })

  it("names a long bad value shortened, not whole", () => {
    expect(amountProblem("9".repeat(400), "eur")!.length).toBeLessThan(100)
  })
})

describe("splitAmounts and mapLimited", () => {
  it("splits on commas and trims", () => {
    expect(splitAmounts("19.90, 129.90,")).toEqual(["19.90", "129.90", ""])
  })

  it("keeps the order and never runs more than the limit at once", async () => {
    let running = 0
    let most = 0
    const out = await mapLimited([5, 1, 4, 2, 3], 2, async (n) => {
      running++
      most = Math.max(most, running)
      await new Promise((r) => setTimeout(r, n))
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30])
    expect(most).toBe(2)
  })
})
