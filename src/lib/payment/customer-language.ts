/**
 * The customer's language as the service takes it (`payment.locale`): its hosted page and its
 * e-mails speak it. The service speaks the languages of its markets; it is sent the language
 * alone ("de"), whatever region the store's locale names ("de-AT", "pt_BR").
 */
export const SERVICE_LANGUAGES = ["fr", "en", "de", "es", "it", "nl", "pt"] as const

export type ServiceLanguage = (typeof SERVICE_LANGUAGES)[number]

/** The language of a BCP 47 locale ("nl-BE" → "nl") if the service speaks it, else undefined. */
export function serviceLanguage(locale: string | null | undefined): ServiceLanguage | undefined {
  const primary = locale?.trim().toLowerCase().split(/[-_]/)[0]
  return SERVICE_LANGUAGES.find((l) => l === primary)
}

/**
 * The first of `locales` (most specific first: the cart's, the storefront's, the store's) the
 * service speaks; undefined when none does (the service then uses its own default).
 */
export function customerLanguage(...locales: Array<string | null | undefined>): ServiceLanguage | undefined {
  for (const locale of locales) {
    const language = serviceLanguage(locale)
    if (language) return language
  }
  return undefined
}
