import { typeset as kitTypeset } from "../../../../storefront/src/messages"
import DEFAULT_TEXTS from "../default-texts.json"
import { typeset } from "../typography"

describe("French typography (the e-mail's, the kit's)", () => {
  const samples = [
    ...Object.values(DEFAULT_TEXTS).map((t) => [t.warning, t.language] as const),
    ["Total : 359,03 €", "fr"],
    ["Payez en 3 fois ; sans frais ? Oui!", "fr-BE"],
    ["l'offre d'aujourd'hui: 10:30 http://x.test/a?b=c", "fr"],
    ["Let op! Geld lenen kost geld", "nl"],
    ["Don't: wait!", "en"],
  ]

  it("sets a narrow no-break space before : ; ! ? and typographic apostrophes in French only", () => {
    expect(typeset("Attention ! Un crédit coûte de l'argent !", "fr")).toBe(
      "Attention\u202f! Un crédit coûte de l\u2019argent\u202f!"
    )
    expect(typeset("Choisir comment payer: https://shop.test/p?x=1", "fr")).toBe(
      "Choisir comment payer\u202f: https://shop.test/p?x=1"
    )
    expect(typeset("Don't: wait!", "en")).toBe("Don't: wait!")
  })

  it("is the kit's rule: the same text out of both for every sample", () => {
    for (const [text, language] of samples) expect(typeset(text, language)).toBe(kitTypeset(text, language))
  })
})
