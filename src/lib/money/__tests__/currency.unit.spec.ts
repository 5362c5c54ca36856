import { currencyExponent, offeredCurrencies, SERVICE_CURRENCIES } from "../currency"

describe("the currencies the service takes", () => {
  it("is euro only: the service counts in cents and is told no currency (its markets are euro countries)", () => {
    expect(SERVICE_CURRENCIES).toEqual(["eur"])
  })

  it("offers only configured currencies the account takes, whatever their case", () => {
    expect(offeredCurrencies(["EUR"])).toEqual(["eur"])
    expect(offeredCurrencies(["jpy", "eur"])).toEqual(["eur"])
    expect(offeredCurrencies(["jpy"])).toEqual([])
  })

  it("lets an account take fewer (its own plans could narrow it later)", () => {
    expect(offeredCurrencies(["eur"], [])).toEqual([])
  })

  it("keeps the exponents for display", () => {
    expect(currencyExponent("eur")).toBe(2)
    expect(currencyExponent("jpy")).toBe(0)
  })
})
