import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "../../../..")
const MODELS = path.join(ROOT, "src/modules/bnpl/models")

/** Every table the module defines, read off its models' `model.define("<table>", ...)`. */
const tables = fs
  .readdirSync(MODELS)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => /model\s*\.define\(\s*"([a-z_]+)"/.exec(fs.readFileSync(path.join(MODELS, f), "utf8"))?.[1])

describe("docs/data-kept.md", () => {
  it("says of every table of the module what it holds and when it goes (a row each)", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/data-kept.md"), "utf8")
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1])
    expect(tables.every(Boolean)).toBe(true)
    expect([...rows].sort()).toEqual([...tables].sort())
  })
})
