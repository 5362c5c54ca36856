import fs from "node:fs"
import path from "node:path"
import { KINDS } from "../../../lib/messages/kinds"
import { SWITCH_KEYS } from "../../../lib/settings/switches"
import { TRIGGERS } from "../format"
import { MESSAGE_TRIGGERS } from "../timeline"

/**
 * What the admin shows of the kind table and the switches, in all 7 languages: a kind or an event
 * added to the table, or a switch added to the settings, without its words shows in the
 * dashboard as its raw word (keys-used.unit.spec.ts cannot see these: the admin asks for them
 * through templates). The recipes (docs/recipes/) name the keys.
 */
const JSON_DIR = path.join(__dirname, "../../i18n/json")
const languages = fs.readdirSync(JSON_DIR).filter((f) => f.endsWith(".json"))

function has(texts: any, key: string): boolean {
  return typeof key.split(".").reduce((node, part) => node?.[part], texts) === "string"
}

const missing = (keys: string[]) =>
  languages.flatMap((file) => {
    const texts = JSON.parse(fs.readFileSync(path.join(JSON_DIR, file), "utf8"))
    return keys.filter((key) => !has(texts, key)).map((key) => `${file}: ${key}`)
  })

describe("the admin's words for the kind table and the switches", () => {
  it("reads the 7 language files", () => {
    expect(languages).toHaveLength(7)
  })

  // Its content in words is `CONTENT_IN_WORDS`'s entry (the build fails without one), with keys
  // keys-used.unit.spec.ts reads.
  it("every kind has its name", () => {
    expect(missing(KINDS.map((k) => `order.timeline.kind.${k.kind}`))).toEqual([])
  })

  it("every event a kind is sent on has its words in the timeline", () => {
    const events = [...new Set(KINDS.flatMap((k) => k.on as readonly string[]))]
    expect(events.filter((e) => !MESSAGE_TRIGGERS.includes(e) && !TRIGGERS.includes(e))).toEqual([])
    expect(
      missing([
        ...MESSAGE_TRIGGERS.map((e) => `order.timeline.trigger.${e}`),
        ...TRIGGERS.map((e) => `order.trigger.${e}`),
      ])
    ).toEqual([])
  })

  it("every switch has its name in the save bar's list of changes (settings.fields)", () => {
    expect(missing(SWITCH_KEYS.map((key) => `settings.fields.${key}`))).toEqual([])
  })
})
