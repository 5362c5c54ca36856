import { typeset as kitTypeset } from "../../../../storefront/src/messages"
import { SERVICE_LANGUAGES } from "../../payment/customer-language"
import { linkEmail } from "../email"
import { LINK_VALID_DAYS, linkExpiry, linkRefusal, linkState, linkUrl } from "../state"

const NOW = new Date("2026-11-29T10:00:00Z")
const later = (ms: number) => new Date(NOW.getTime() + ms)
const sent = { sent_count: 1, expires_at: later(1000), cancelled_at: null }

describe("a payment link's state", () => {
  it("paid is Medusa's record of the collection, whatever the link says", () => {
    for (const status of ["authorized", "completed", "partially_captured"]) {
      expect(linkState({ ...sent, cancelled_at: NOW }, status, NOW)).toBe("paid")
      expect(linkState(undefined, status, NOW)).toBe("paid")
    }
  })

  it("not sent, sent, cancelled, then expired at its moment (not a millisecond before)", () => {
    expect(linkState(undefined, "not_paid", NOW)).toBe("not_sent")
    expect(linkState({ ...sent, sent_count: 0 }, "not_paid", NOW)).toBe("not_sent")
    expect(linkState(sent, "not_paid", NOW)).toBe("sent")
    expect(linkState(sent, "not_paid", later(999))).toBe("sent")
    expect(linkState(sent, "awaiting", later(1000))).toBe("expired")
    expect(linkState({ ...sent, cancelled_at: NOW }, "not_paid", later(5000))).toBe("cancelled")
  })

  it("the storefront is refused a cancelled or expired link; a collection with no link is Medusa's own", () => {
    expect(linkRefusal(undefined, NOW)).toBeUndefined()
    expect(linkRefusal(sent, NOW)).toBeUndefined()
    expect(linkRefusal(sent, later(1000))).toBe("link_expired")
    expect(linkRefusal({ ...sent, cancelled_at: "2026-11-29T09:00:00Z" }, NOW)).toBe("link_cancelled")
  })

  it(`lasts ${LINK_VALID_DAYS} days from its sending`, () => {
    expect(linkExpiry(NOW).toISOString()).toBe("2026-12-06T10:00:00.000Z")
  })

  it("leads where Medusa's Copy payment link does; none without a storefront URL", () => {
    expect(linkUrl("https://shop.example/", "pay_col_1", "order_1")).toBe(
      "https://shop.example/payment-collection/pay_col_1?order_id=order_1"
    )
    expect(linkUrl(undefined, "pay_col_1", "order_1")).toBeUndefined()
  })

  it("opens in the customer's language on a device that never saw the shop", () => {
    expect(linkUrl("https://shop.example", "pay_col_1", "order_1", "fr")).toBe(
      "https://shop.example/payment-collection/pay_col_1?order_id=order_1&lang=fr"
    )
  })
})

describe("the payment link e-mail", () => {
  const input = {
    orderDisplayId: "1042",
    amount: 353.9,
    currencyCode: "eur",
    url: "https://shop.example/payment-collection/pay_col_1?order_id=order_1&x=<b>",
    expiresAt: new Date("2026-12-06T10:00:00Z"),
    warning: "Un crédit vous engage et doit être remboursé.",
    lender: "Crédit accordé par Example SA",
  }

  it("speaks the customer's language, with the amount and date as that language writes them", () => {
    const fr = linkEmail({ ...input, language: "fr" })
    expect(fr.texts.subject).toContain("1042")
    expect(fr.texts.amount).toMatch(/^353,90\s€$/)
    expect(fr.texts.intro).toContain(fr.texts.amount)
    expect(fr.texts.until).toContain("6 décembre 2026")
    const en = linkEmail({ ...input, language: "en" })
    expect(en.texts.amount).toBe("€353.90")
    expect(en.texts.until).toContain("December 6, 2026")
  })

  it("sets French typography: a narrow no-break space before a colon, typographic apostrophes", () => {
    const fr = linkEmail({ ...input, language: "fr" })
    expect(fr.content.subject).toBe("Commande n° 1042\u202f: réglez le montant dû en plusieurs fois")
    expect(fr.content.text).toContain(`Choisir comment payer\u202f: ${input.url}`)
    for (const text of Object.values(fr.texts)) expect(String(text)).not.toMatch(/ [:;!?]|'/)
    expect(linkEmail({ ...input, language: "en" }).content.text).toContain(`Choose how to pay: ${input.url}`)
  })

  it("sets the market's warning as French writes it, as the kit shows it on the link's page", () => {
    const warning = "Attention ! Un crédit coûte de l'argent et doit être remboursé !"
    const fr = linkEmail({ ...input, language: "fr", warning })
    expect(fr.texts.warning).toBe("Attention\u202f! Un crédit coûte de l\u2019argent et doit être remboursé\u202f!")
    expect(fr.texts.warning).toBe(kitTypeset(warning, "fr-FR"))
    expect(linkEmail({ ...input, language: "nl", warning: "Let op! Geld lenen kost geld" }).texts.warning).toBe(
      "Let op! Geld lenen kost geld"
    )
  })

  it("every language has every text, and each differs from English but the URL", () => {
    const en = linkEmail({ ...input, language: "en" })
    for (const language of SERVICE_LANGUAGES.filter((l) => l !== "en")) {
      const mail = linkEmail({ ...input, language })
      for (const key of ["subject", "intro", "button", "until", "ignore"] as const) {
        expect(mail.texts[key]).toBeTruthy()
        expect(mail.texts[key]).not.toBe(en.texts[key])
      }
    }
  })

  it("carries the market's credit warning and lender in the text and the HTML, escaped", () => {
    const mail = linkEmail({ ...input, language: "fr" })
    expect(mail.content.text).toContain(input.warning)
    expect(mail.content.text).toContain(input.lender)
    expect(mail.content.text).toContain(input.url)
    expect(mail.content.html).toContain("<strong>Un crédit vous engage")
    expect(mail.content.html).not.toContain("<b>")
    expect(mail.content.html).toContain("&amp;x=&lt;b&gt;")
    expect(mail.content.html).toMatch(/^<html lang="fr">/)
    const none = linkEmail({ ...input, language: "fr", warning: undefined, lender: null })
    expect(none.content.text).not.toContain("crédit vous engage")
  })
})
