import { customerLanguage, SERVICE_LANGUAGES, serviceLanguage } from "../customer-language"
import { DEFERRED_DESCRIPTION, deferredDescription } from "../pay-at-shipment"

describe("the customer's language sent to the service", () => {
  it("is the language of a locale the service speaks, whatever its region or spelling", () => {
    expect(serviceLanguage("de-AT")).toBe("de")
    expect(serviceLanguage("pt_BR")).toBe("pt")
    expect(serviceLanguage(" NL-be ")).toBe("nl")
    expect(serviceLanguage("fr")).toBe("fr")
    expect(serviceLanguage("sv-SE")).toBeUndefined()
    expect(serviceLanguage("")).toBeUndefined()
    expect(serviceLanguage(null)).toBeUndefined()
  })

  it("takes the cart's, else the storefront's, else the store's: the first the service speaks", () => {
    expect(customerLanguage("it-IT", "de-DE", "fr-FR")).toBe("it")
    expect(customerLanguage(null, "de-DE", "fr-FR")).toBe("de")
    expect(customerLanguage("sv-SE", undefined, "es-ES")).toBe("es")
    expect(customerLanguage(undefined, undefined, undefined)).toBeUndefined()
  })
})

describe("texts the plugin sends the service in the customer's language", () => {
  it("has the pay-at-shipment description in every language the service speaks", () => {
    for (const language of SERVICE_LANGUAGES) {
      expect(DEFERRED_DESCRIPTION[language]?.trim()).toBeTruthy()
      expect(deferredDescription(`${language}-XX`)).toBe(DEFERRED_DESCRIPTION[language])
    }
    expect(new Set(SERVICE_LANGUAGES.map((l) => DEFERRED_DESCRIPTION[l])).size).toBe(SERVICE_LANGUAGES.length)
  })
})
