/**
 * The cart's billing and shipping countries as the newer eligibility interface takes them
 * (`billing_address: {country}`, `shipping_address: {country}`: ISO 3166-1 alpha-2 in capitals).
 * Medusa keeps them in lower case; a country the service would refuse is left out rather than
 * sent, as a refused request would cost the cart every plan.
 */
export type CartCountries = { billing?: string; shipping?: string }

type Address = { country_code?: string | null } | null | undefined

const ISO_ALPHA_2 = /^[a-z]{2}$/i

const serviceCountry = (address: Address): string | undefined => {
  const code = address?.country_code
  return code && ISO_ALPHA_2.test(code) ? code.toUpperCase() : undefined
}

/** The countries of a cart's addresses; none when it has no address yet. */
export function cartCountries(cart: { billing_address?: Address; shipping_address?: Address }): CartCountries {
  const billing = serviceCountry(cart.billing_address)
  const shipping = serviceCountry(cart.shipping_address)
  return { ...(billing ? { billing } : {}), ...(shipping ? { shipping } : {}) }
}

/** The v2 request's address fields for these countries (absent ones are not sent). */
export function countryFields(countries: CartCountries = {}): {
  billing_address?: { country: string }
  shipping_address?: { country: string }
} {
  return {
    ...(countries.billing ? { billing_address: { country: countries.billing } } : {}),
    ...(countries.shipping ? { shipping_address: { country: countries.shipping } } : {}),
  }
}

/**
 * A key part naming the countries an answer was asked with ("" for none): the service may answer
 * a country differently, so an answer asked for one is not another's.
 */
export const countriesKey = (countries: CartCountries = {}): string =>
  countries.billing || countries.shipping ? `:${countries.billing ?? "-"}/${countries.shipping ?? "-"}` : ""
