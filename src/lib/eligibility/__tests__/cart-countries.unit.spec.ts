import { cartCountries, countriesKey, countryFields } from "../cart-countries"

describe("the cart's countries for the newer eligibility interface", () => {
  it("are Medusa's lower-case codes in capitals, billing and shipping apart", () => {
    const countries = cartCountries({
      billing_address: { country_code: "fr" },
      shipping_address: { country_code: "de" },
    })
    expect(countries).toEqual({ billing: "FR", shipping: "DE" })
    expect(countryFields(countries)).toEqual({
      billing_address: { country: "FR" },
      shipping_address: { country: "DE" },
    })
  })

  it("leave out an address without a country, and a code the service would refuse", () => {
    expect(cartCountries({ billing_address: null, shipping_address: { country_code: null } })).toEqual({})
    expect(
      cartCountries({ billing_address: { country_code: "fra" }, shipping_address: { country_code: "it" } })
    ).toEqual({
      shipping: "IT",
    })
    expect(countryFields({})).toEqual({})
  })

  it("name an answer's countries in its key, nothing when there are none", () => {
    expect(countriesKey({})).toBe("")
    expect(countriesKey(undefined)).toBe("")
    expect(countriesKey({ billing: "FR", shipping: "DE" })).not.toBe(countriesKey({ billing: "FR", shipping: "FR" }))
    expect(countriesKey({ shipping: "FR" })).not.toBe(countriesKey({ billing: "FR" }))
  })
})
