import BnplSettings from "../../models/settings"
import { ACCOUNT_FIELDS, MODE_FIELD, SETTING_KEYS, SETTINGS } from "../../../../lib/settings/settings-fields"
import { EMPTY_SETTINGS } from "../changes"

/** Each column of `bnpl_settings` (models/settings.ts) and its kind: text, boolean, json. */
function modelColumns(): Record<string, string> {
  const schema = (BnplSettings as unknown as { schema: Record<string, { parse: (name: string) => any }> }).schema
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([name]) => !["id", "created_at", "updated_at", "deleted_at"].includes(name))
      .map(([name, property]) => [name, property.parse(name).dataType.name])
  )
}

describe("the field table (settings/fields.ts)", () => {
  it("has the columns of the data model, each of its kind, and nothing else", () => {
    const declared: Record<string, string> = { mode: MODE_FIELD.column }
    for (const account of Object.values(ACCOUNT_FIELDS)) {
      declared[account.api_key.column] = "text"
      declared[account.api_key.hint] = "text"
      declared[account.api_url.column] = "text"
    }
    for (const key of SETTING_KEYS) {
      declared[key] = SETTINGS[key].column
    }
    expect(modelColumns()).toEqual(declared)
  })

  it("gives every column an empty value (nothing set in the admin)", () => {
    expect(Object.keys(EMPTY_SETTINGS).sort()).toEqual(Object.keys(modelColumns()).sort())
  })

  it("names each option once", () => {
    const options = SETTING_KEYS.map((key) => SETTINGS[key].option)
    expect(new Set(options).size).toBe(options.length)
  })
})
