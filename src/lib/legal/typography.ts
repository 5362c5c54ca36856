/**
 * French typography for a text the plugin writes to a person in French (the payment link's
 * e-mail): a narrow no-break space (U+202F) before ":", ";", "!" and "?" (in place of a space, or
 * where there was none), and typographic apostrophes (U+2019). The market's warning is stored as
 * the service words it; it is set so where it is shown. The storefront kit's `typeset()` is the
 * same rule for the pages it draws (a unit test keeps the two equal). Other languages: as given.
 */
export function typeset(text: string, language: string | undefined): string {
  if ((language ?? "").toLowerCase().split(/[-_]/)[0] !== "fr") return text
  return text.replace(/(?<=\S)[ \u00a0]?([:;!?])(?=\s|$)/g, "\u202f$1").replace(/(?<=\p{L})'(?=\p{L})/gu, "\u2019")
}
