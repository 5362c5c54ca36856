import { recipeReturnRoute } from "./recipe-return-route"

/**
 * Issue 44 (S2): the DTC recipe's return route redirects only to a country of the store's
 * regions (`getRegion` of the starter's `@lib/data/regions`), else the default region. The
 * handler is the recipe's code block, compiled with swc and run with stand-ins for
 * `next/server`, `@lib/data/bnpl` and `@lib/data/regions` (recipe-return-route.ts).
 */
const REGIONS: Record<string, object> = { fr: { id: "reg_eu" }, de: { id: "reg_eu" }, be: { id: "reg_eu" } }
const asked: string[] = []
const GET = recipeReturnRoute("refused", async (code) => {
  asked.push(code)
  return REGIONS[code]
})
const back = (query: string) => {
  const url = `https://shop.example/api/bnpl/return?${query}`
  return GET({ url, nextUrl: new URL(url) })
}

describe("the DTC recipe's return route: the country it redirects to", () => {
  beforeEach(() => (asked.length = 0))

  it("a region's country, in any case: kept", async () => {
    expect(await back("country_code=DE")).toEqual({ location: "https://shop.example/de/cart", status: 303 })
    expect(await back("country_code=be&cart_id=cart_1")).toEqual({
      location: "https://shop.example/be/checkout?step=payment&bnpl=refused",
      status: 303,
    })
  })

  it.each(["xx", "us", "", "f", "fra", "/evil.example", "%2F%2Fevil.example", "fr/../..", "fr\\evil"])(
    "?country_code=%s: the default region",
    async (value) => {
      expect((await back(`country_code=${value}`)).location).toBe("https://shop.example/fr/cart")
    }
  )

  it("text that is not two letters is not even looked up", async () => {
    await back("country_code=/evil.example")
    expect(asked).toEqual([])
  })

  it("the store not answering: the default region", async () => {
    const failing = recipeReturnRoute("refused", async () => {
      throw new Error("store down")
    })
    const url = "https://shop.example/api/bnpl/return?country_code=de"
    expect((await failing({ url, nextUrl: new URL(url) })).location).toBe("https://shop.example/fr/cart")
  })
})
