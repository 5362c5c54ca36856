import de from "./json/de.json"
import en from "./json/en.json"
import es from "./json/es.json"
import fr from "./json/fr.json"
import it from "./json/it.json"
import nl from "./json/nl.json"
import pt from "./json/pt.json"

/**
 * The admin's translations for this plugin (Medusa ≥ 2.11 admin i18n): the dashboard merges
 * them into its own i18next resources and its language picker (Profile → Language) chooses.
 * Everything lives in the `bnpl` namespace so no key can clash with the dashboard's or
 * another plugin's.
 */
export const BNPL_NS = "bnpl"

/**
 * Each of our JSON files under the dashboard's language codes (its picker's `code`s): the
 * service's languages. Portuguese is written for Portugal; Brazilian admins get it too rather
 * than English.
 */
export const ADMIN_LANGUAGES = {
  en,
  fr,
  de,
  es,
  it,
  nl,
  ptPT: pt,
  ptBR: pt,
}

export default Object.fromEntries(
  Object.entries(ADMIN_LANGUAGES).map(([code, texts]) => [code, { [BNPL_NS]: texts }])
) as Record<keyof typeof ADMIN_LANGUAGES, { [BNPL_NS]: typeof en }>
