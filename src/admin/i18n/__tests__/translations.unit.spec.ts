import fs from "node:fs"
import path from "node:path"
import registered, { ADMIN_LANGUAGES, BNPL_NS } from "../index"
import en from "../json/en.json"

/**
 * Every language of the admin says everything English says, with the same placeholders: a key
 * added to en.json and not translated, or a {{placeholder}} renamed in one language, fails here.
 */

type Texts = { [key: string]: string | Texts }

/** "settings.verify.button" → its text, for every leaf. */
function flatten(texts: Texts, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === "string") out.set(prefix + key, value)
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort()

/** i18next's plural suffixes: a language may need forms English has not ("_many"), never fewer. */
const PLURAL = /_(zero|one|two|few|many|other)$/
const pluralBase = (key: string) => key.replace(PLURAL, "")

const jsonDir = path.join(__dirname, "..", "json")
const files = fs.readdirSync(jsonDir).filter((f) => f.endsWith(".json"))
const english = flatten(en as Texts)
const englishPlurals = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map(pluralBase))

describe.each(files.filter((f) => f !== "en.json"))("admin translation %s", (file) => {
  const texts = flatten(JSON.parse(fs.readFileSync(path.join(jsonDir, file), "utf8")))

  it("has every key of en.json, each a non-empty text", () => {
    const missing = [...english.keys()].filter((key) => !texts.get(key)?.trim())
    expect(missing).toEqual([])
  })

  it("has no key English does not have (other than plural forms of English plurals)", () => {
    const extra = [...texts.keys()].filter(
      (key) => !english.has(key) && !(PLURAL.test(key) && englishPlurals.has(pluralBase(key)))
    )
    expect(extra).toEqual([])
  })

  it("keeps each text's placeholders exactly", () => {
    const differ = [...texts].flatMap(([key, text]) => {
      const model = english.get(key) ?? english.get(`${pluralBase(key)}_other`) ?? ""
      return placeholders(text).join() === placeholders(model).join()
        ? []
        : [`${key}: ${placeholders(text).join() || "none"} instead of ${placeholders(model).join() || "none"}`]
    })
    expect(differ).toEqual([])
  })
})

describe("admin translations' registration", () => {
  it("registers every JSON file under the bnpl namespace", () => {
    const used = new Set(Object.values(ADMIN_LANGUAGES))
    for (const file of files) {
      expect(used).toContain(require(path.join(jsonDir, file)))
    }
    for (const [code, resources] of Object.entries(registered)) {
      expect(resources[BNPL_NS]).toBe(ADMIN_LANGUAGES[code as keyof typeof ADMIN_LANGUAGES])
    }
  })

  it("uses the dashboard's own codes for the service's languages (its picker offers ptPT, not pt)", () => {
    expect(Object.keys(registered).sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "ptBR", "ptPT"])
  })
})
