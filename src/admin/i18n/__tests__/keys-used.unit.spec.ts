import fs from "node:fs"
import path from "node:path"

/**
 * Every key the admin's code asks `t()` for is in all 7 language files (translations.unit.spec.ts
 * checks the files against each other; this checks them against the code): a key typed wrong or
 * used before it was written shows in the dashboard as the key itself. Read from the sources:
 * `t("a.b")`, each quoted key in `t(cond ? "a" : "b")`, and `t(\`a.${x}.b\`)` as a pattern that
 * at least one key of each file must match. A plural key counts through its forms (`_one`...).
 */

type Texts = { [key: string]: string | Texts }

function flatten(texts: Texts, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key] : flatten(value, `${prefix}${key}.`)
  )
}

const ADMIN = path.join(__dirname, "../..")
const JSON_DIR = path.join(__dirname, "../json")

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sources(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** The literal keys, and the template keys as regular expressions. */
function keysUsed(code: string): { literal: string[]; patterns: RegExp[] } {
  const literal: string[] = []
  const patterns: RegExp[] = []
  // The first argument of each t(...) call: up to its first comma or closing parenthesis.
  for (const [, argument] of code.matchAll(/(?<![\w.$])t\(\s*([^,)]+)/g)) {
    // Quoted texts, but not a comparison's (`state === "not_sent" ? "a" : "b"`).
    const compared = argument.replace(/[=!]==?\s*("[^"]*"|'[^']*')/g, "")
    for (const [, double, single] of compared.matchAll(/"([^"]+)"|'([^']+)'/g)) {
      literal.push(double ?? single)
    }
    for (const [, template] of argument.matchAll(/`([^`]+)`/g)) {
      const escaped = template.split(/\$\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      patterns.push(new RegExp(`^${escaped.join("[\\w-]+")}(_(zero|one|two|few|many|other))?$`))
    }
  }
  return { literal, patterns }
}

const used = sources(ADMIN).map((file) => ({
  file: path.relative(ADMIN, file),
  ...keysUsed(fs.readFileSync(file, "utf8")),
}))
const files = fs.readdirSync(JSON_DIR).filter((f) => f.endsWith(".json"))

describe("the admin's t() keys", () => {
  it("are read from the sources (the reading finds the calls)", () => {
    expect(files).toHaveLength(7)
    expect(used.flatMap((u) => u.literal).length).toBeGreaterThan(200)
    expect(used.flatMap((u) => u.patterns).length).toBeGreaterThan(5)
    expect(keysUsed('t("a.b", { x }) + t(on === "x" ? "c" : \'d\') + t(`e.${f}.g`) + format("h")')).toEqual({
      literal: ["a.b", "c", "d"],
      patterns: [/^e\.[\w-]+\.g(_(zero|one|two|few|many|other))?$/],
    })
  })

  it.each(files)("are all in %s", (file) => {
    const keys = new Set(flatten(JSON.parse(fs.readFileSync(path.join(JSON_DIR, file), "utf8"))))
    const has = (key: string) =>
      keys.has(key) || ["zero", "one", "two", "few", "many", "other"].some((form) => keys.has(`${key}_${form}`))
    const missing = used.flatMap(({ file: source, literal, patterns }) => [
      ...literal.filter((key) => !has(key)).map((key) => `${source}: ${key}`),
      ...patterns.filter((p) => ![...keys].some((key) => p.test(key))).map((p) => `${source}: ${p.source}`),
    ])
    expect(missing).toEqual([])
  })
})
