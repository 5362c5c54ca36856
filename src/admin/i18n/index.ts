import en from "./json/en.json"
import fr from "./json/fr.json"

/**
 * The admin's translations for this plugin (Medusa ≥ 2.11 admin i18n): the dashboard merges
 * them into its own i18next resources and its language picker (Profile → Language) chooses.
 * Everything lives in the `bnpl` namespace so no key can clash with the dashboard's or
 * another plugin's.
 */
export const BNPL_NS = "bnpl"

export default {
  en: { [BNPL_NS]: en },
  fr: { [BNPL_NS]: fr },
}
