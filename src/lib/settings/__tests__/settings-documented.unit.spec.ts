import fs from "node:fs"
import path from "node:path"
import { ACCOUNT_FIELDS, MODE_FIELD, SETTINGS } from "../settings-fields"
import { SWITCH_KEYS } from "../switches"

/**
 * A setting reaches merchants in two places the compiler does not see: its plugin option's row
 * in docs/configuration.md, and, for a switch, its field on the admin's settings page. A setting
 * added to the table without either fails here.
 */
const ROOT = path.join(__dirname, "../../../..")
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

describe("the settings table", () => {
  it("has every plugin option in docs/configuration.md's options table", () => {
    const doc = read("docs/configuration.md")
    const options = [
      ...Object.values(SETTINGS).map((s) => s.option),
      ...Object.values(ACCOUNT_FIELDS).flatMap((account) => Object.values(account).map((f) => f.option)),
      MODE_FIELD.option,
    ]
    // A row's first cell names its options (one, or several a row explains together).
    const documented = [...doc.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) =>
      [...m[1].matchAll(/`(\w+)`/g)].map((o) => o[1])
    )
    expect(options.filter((option) => !documented.includes(option))).toEqual([])
  })

  it("has every switch on the admin's settings page (a field of its name in a section)", () => {
    const dir = path.join(ROOT, "src/admin/components/settings")
    const sections = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".tsx"))
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .join("\n")
    expect(SWITCH_KEYS.filter((key) => !sections.includes(`name="${key}"`))).toEqual([])
  })
})
