import fs from "node:fs"
import path from "node:path"
import { transformSync } from "@swc/core"

/**
 * Issue 44 (S2): the DTC recipe's return route redirects only to a country of the store's
 * regions (`getRegion` of the starter's `@lib/data/regions`), else the default region. The
 * handler is the recipe's code block, compiled with swc and run with stand-ins for
 * `next/server`, `@lib/data/bnpl` and `@lib/data/regions` (as sec2-dtc-return-redirect does).
 */
const RECIPE = path.join(__dirname, "../../docs/dtc-recipe/3-return-route.md")

function recipeHandler(getRegion: (code: string) => Promise<unknown>) {
  const markdown = fs.readFileSync(RECIPE, "utf8")
  const block = /```ts title="src\/app\/api\/bnpl\/return\/route\.ts"\n([\s\S]*?)```/.exec(markdown)
  if (!block) throw new Error("the recipe's return route was not found in " + RECIPE)
  const { code } = transformSync(block[1], {
    filename: "route.ts",
    jsc: { parser: { syntax: "typescript" }, target: "es2020" },
    module: { type: "commonjs" },
  })
  const stubs: Record<string, unknown> = {
    "next/server": { NextResponse: { redirect: (url: URL, status: number) => ({ location: String(url), status }) } },
    "@lib/data/bnpl": { completeBnplReturn: async () => ({ status: "refused" }) },
    "@lib/data/regions": { getRegion },
  }
  const module = { exports: {} as any }
  new Function("require", "module", "exports", "process", code)(
    (name: string) => stubs[name],
    module,
    module.exports,
    { env: { NEXT_PUBLIC_DEFAULT_REGION: "fr" } }
  )
  return module.exports.GET as (request: unknown) => Promise<{ location: string; status: number }>
}

const REGIONS: Record<string, object> = { fr: { id: "reg_eu" }, de: { id: "reg_eu" }, be: { id: "reg_eu" } }
const asked: string[] = []
const GET = recipeHandler(async (code) => {
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
    const failing = recipeHandler(async () => {
      throw new Error("store down")
    })
    const url = "https://shop.example/api/bnpl/return?country_code=de"
    expect((await failing({ url, nextUrl: new URL(url) })).location).toBe("https://shop.example/fr/cart")
  })
})
