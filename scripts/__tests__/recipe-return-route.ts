import fs from "node:fs"
import path from "node:path"
import { transformSync } from "@swc/core"

const RECIPE = path.join(__dirname, "../../docs/dtc-recipe/3-return-route.md")

export type ReturnRoute = (request: unknown) => Promise<{ location: string; status: number }>

/**
 * The DTC recipe's return Route Handler (`src/app/api/bnpl/return/route.ts` in the starter),
 * taken verbatim from its code block in docs/dtc-recipe/3-return-route.md, compiled with swc and
 * run with stand-ins: `next/server`, `@lib/data/bnpl` answering `outcome`, and, when given,
 * `@lib/data/regions`'s `getRegion`. What the recipe writes is what the tests run.
 */
export function recipeReturnRoute(
  outcome: string,
  getRegion?: (code: string) => Promise<unknown>
): ReturnRoute {
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
    "@lib/data/bnpl": { completeBnplReturn: async () => ({ status: outcome }) },
    ...(getRegion ? { "@lib/data/regions": { getRegion } } : {}),
  }
  const module = { exports: {} as any }
  new Function("require", "module", "exports", "process", code)(
    (name: string) => stubs[name],
    module,
    module.exports,
    { env: { NEXT_PUBLIC_DEFAULT_REGION: "fr" } }
  )
  return module.exports.GET
}
