import fs from "node:fs"
import path from "node:path"
import { LEGAL_DEFAULTS } from "../defaults"
import { LEGAL_MARKETS } from "../markets"

/** The storefront kit's table (for a store that serves no texts; it bundles default-texts.json): the plugin's. */
const KIT_FILE = path.resolve(__dirname, "../../../../storefront/src/legal.ts")
const kitPresent = fs.existsSync(KIT_FILE)

describe("LEGAL_DEFAULTS", () => {
  it("has every market once, each keyed by its own name", () => {
    expect(Object.keys(LEGAL_DEFAULTS)).toEqual([...LEGAL_MARKETS])
    for (const market of LEGAL_MARKETS) {
      expect(LEGAL_DEFAULTS[market].market).toBe(market)
    }
  })

  it("ships the sentences alone (no citation quotes), IT and PT marked as not confirmed", () => {
    const languages = LEGAL_MARKETS.map((m) => LEGAL_DEFAULTS[m].language)
    expect(languages).toEqual(["fr", "fr", "nl", "nl", "de", "es", "it", "pt", "en"])
    for (const market of LEGAL_MARKETS) {
      const text = LEGAL_DEFAULTS[market]
      expect(text.warning).not.toMatch(/^[«„"“]|[»“"”]$/)
      expect(text).toMatchObject({ lender: null, representative_example: true, afm_artwork_url: null })
      expect(text.confirmed).toBe(market !== "IT" && market !== "PT")
    }
    expect(LEGAL_DEFAULTS.FR.warning).toBe("Attention ! Un crédit coûte de l'argent et doit être remboursé !")
    expect(LEGAL_DEFAULTS.NL.warning).toBe("Let op! Geld lenen kost geld")
  })
})

// Skipped only when the kit's file is absent (a checkout without the storefront kit).
;(kitPresent ? describe : describe.skip)(
  kitPresent
    ? "the storefront kit's copy (storefront/src/legal.ts)"
    : "the storefront kit's copy: SKIPPED, storefront/src/legal.ts does not exist",
  () => {
    it("is the same table as the plugin's, market by market and in the same order", () => {
      const { LEGAL_DEFAULTS: kit } = require(KIT_FILE)
      expect(Object.keys(kit)).toEqual(Object.keys(LEGAL_DEFAULTS))
      for (const market of LEGAL_MARKETS) {
        expect([market, kit[market]]).toEqual([market, LEGAL_DEFAULTS[market]])
      }
    })
  }
)
