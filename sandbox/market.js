'use strict'

/**
 * The customer's language and market, read from a payment: `locale` ("fr", "nl-BE", "pt_BR") and
 * the country of its addresses. The market picks the credit warning the hosted page shows.
 */

const { CREDIT_WARNINGS, LANGUAGE_MARKETS } = require('./vocabulary')
const { isObject } = require('./values')

const LOCALE = /^([a-z]{2})(?:[-_]([a-z]{2}))?$/i

/** "de-AT" / "pt_BR" / "nl" → its language; anything but such a string → undefined. @param {any} locale */
const languageOf = (locale) => (typeof locale === 'string' && LOCALE.test(locale) ? locale.slice(0, 2).toLowerCase() : undefined)

/** "nl-BE" → "BE"; no region → undefined. @param {any} locale */
const regionOf = (locale) => (typeof locale === 'string' ? LOCALE.exec(locale)?.[2]?.toUpperCase() : undefined)

/** An address's ISO alpha-2 country in capitals (creation does not check it: read leniently). @param {any} address */
const countryOf = (address) =>
  isObject(address) && typeof address.country === 'string' && /^[a-z]{2}$/i.test(address.country.trim()) ? address.country.trim().toUpperCase() : undefined

/**
 * The customer's market, a key of CREDIT_WARNINGS. The country (billing, else shipping, else the
 * locale's region) picks it, Belgium by language (Dutch, else French): the offer is made where the
 * customer is, whatever the language. A country without a warning of its own → the market of the
 * locale's language; else `other`.
 * @param {{locale?: any, billing_address?: any, shipping_address?: any}} payment
 */
function marketOf(payment) {
  const language = languageOf(payment.locale)
  const country = countryOf(payment.billing_address) ?? countryOf(payment.shipping_address) ?? regionOf(payment.locale)
  if (country === 'BE') return language === 'nl' ? 'BE-nl' : 'BE-fr'
  if (country && Object.hasOwn(CREDIT_WARNINGS, country)) return country // FR, NL, DE, ES, IT, PT
  return (language && LANGUAGE_MARKETS[language]) || 'other'
}

/** The credit warning of the payment's market: `{lang, text}`. */
const creditWarningOf = (payment) => CREDIT_WARNINGS[marketOf(payment)]

module.exports = { languageOf, marketOf, creditWarningOf }
