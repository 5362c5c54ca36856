import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { BNPL_NS } from "../i18n"

/** A translation of this plugin's `bnpl` namespace (src/admin/i18n/json/*.json). */
export type Translate = (key: string, values?: Record<string, unknown>) => string

/** The dashboard's language codes ("fr", "enGB", "ptBR") as a BCP 47 tag for Intl. */
export function intlLocale(language: string | undefined): string {
  const tag = (language || "en").replace(/^([a-z]{2,3})([A-Z]{2})$/, "$1-$2")
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? "en"
  } catch {
    return "en"
  }
}

/**
 * The admin user's language, as chosen in the dashboard (Profile → Language): `t` for this
 * plugin's texts and `locale` for dates and amounts.
 */
export function useBnplI18n(): { t: Translate; locale: string } {
  const { t: translate, i18n } = useTranslation(BNPL_NS)
  const language = i18n.resolvedLanguage || i18n.language
  return useMemo(
    () => ({
      t: (key: string, values?: Record<string, unknown>) => String(translate(key, values as never)),
      locale: intlLocale(language),
    }),
    [translate, language]
  )
}
