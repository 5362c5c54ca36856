import fs from "node:fs"
import path from "node:path"

/**
 * Issue 44: the DTC recipe's payment step shows why the customer is back (`?bnpl=`, anyone's
 * text) from the recipe's own texts. The expression is taken from the recipe's diff as written
 * and evaluated with the values a link could carry: only the recipe's own texts come out.
 */
const RECIPE = path.join(__dirname, "../../docs/dtc-recipe/5-plan-picker.md")
const line = fs
  .readFileSync(RECIPE, "utf8")
  .split("\n")
  .find((l) => l.includes("texts.returned[bnplReturn]"))
if (!line) throw new Error("the payment step's message was not found in " + RECIPE)
const expression = /\{(.*)\}\s*$/.exec(line.replace(/^\+/, "").trim())![1]
const message = new Function("texts", "bnplReturn", `return (${expression})`) as (texts: unknown, value: string) => unknown

const texts = { returned: { refused: "refused text", abandoned: "abandoned text", error: "error text" } }

describe("the DTC recipe's payment step: the message of ?bnpl=", () => {
  it.each([
    ["refused", "refused text"],
    ["abandoned", "abandoned text"],
    ["error", "error text"],
    ["__proto__", "error text"],
    ["constructor", "error text"],
    ["toString", "error text"],
    ["hasOwnProperty", "error text"],
    ["anything", "error text"],
  ])("?bnpl=%s shows %j", (value, shown) => {
    expect(message(texts, value)).toBe(shown)
  })
})
