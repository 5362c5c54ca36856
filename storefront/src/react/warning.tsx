import { useEffect, type RefObject } from "react"
import { legalTextFor } from "../market"
import { typeset } from "../messages"
import type { LegalText, PlansAnswer } from "../types"

/** The props every offer component takes for its credit warning. */
export type LegalProps = {
  /**
   * The country the offer is made in (the cart's shipping or billing country, else the region's;
   * ISO 3166-1 alpha-2): decides the market's warning. Without it, the store's texts as served,
   * else the market of the locale's language.
   */
  countryCode?: string | null
  /** The merchant's texts, instead of the store's (`eligibility.legal`) and the kit's defaults. */
  legal?: LegalText | LegalText[]
}

/** The texts for an offer: the override, else what the store served with the plans, else the defaults. */
export function offerLegalText({ countryCode, legal }: LegalProps, locale: string, answer?: PlansAnswer | null): LegalText {
  const texts = legal ? ([] as LegalText[]).concat(legal) : answer?.legal
  return legalTextFor({ countryCode, locale, legal: texts })
}

/** True when the market shows the AFM symbol (the Netherlands) and the merchant gave its artwork. */
export const showsAfm = (text: LegalText) => text.market === "NL" && !!text.afm_artwork_url

let warnedNoAfm = false

/**
 * A Dutch offer without AFM's artwork: says so in the console, once a page (the kit cannot ship
 * AFM's artwork). True when it warned.
 */
export function warnIfNoAfm(text: LegalText): boolean {
  if (text.market !== "NL" || text.afm_artwork_url || warnedNoAfm) return false
  warnedNoAfm = true
  console.warn(
    "[medusa-plugin-bnpl-storefront] Dutch market without the AFM warning symbol: the Netherlands require AFM's " +
      "credit warning artwork at the top of every credit offer. Set its URL (afm_artwork_url) in the store's " +
      "credit-advertising settings or the components' `legal` prop; only the sentence is shown meanwhile."
  )
  return true
}

/**
 * The Netherlands: the AFM warning symbol, at the top of the offer, full width (styles.css), its
 * alt text the sentence. Without the merchant's artwork, the sentence alone (and `warnIfNoAfm`).
 */
export function AfmSymbol({ text }: { text: LegalText }) {
  useEffect(() => {
    warnIfNoAfm(text)
  }, [text])
  if (!showsAfm(text)) return null
  return <img className="bnpl-afm" src={text.afm_artwork_url!} alt={text.warning} lang={text.language} />
}

/**
 * The market's warning sentence, plain visible text with the offer, in its own language, and
 * the lender's mention. Beside the AFM symbol (whose alt text says it), hidden from screen
 * readers: said once.
 */
export function CreditWarning({ text }: { text: LegalText }) {
  return (
    <>
      <p className="bnpl-warning" lang={text.language} aria-hidden={showsAfm(text) || undefined}>
        {typeset(text.warning, text.language)}
      </p>
      {text.lender ? (
        <p className="bnpl-lender" lang={text.language}>
          {typeset(text.lender, text.language)}
        </p>
      ) : null}
    </>
  )
}

/**
 * The AFM symbol takes at least 10 % of its offer's height: its minimum height follows the rest
 * of the offer (rest / 9), whatever the offer's layout (CSS alone cannot size a child by its
 * auto-height parent). The artwork keeps its proportions inside (object-fit: contain).
 */
export function useAfmShare(root: RefObject<HTMLElement>, active: boolean) {
  useEffect(() => {
    const offer = root.current
    const symbol = offer?.querySelector<HTMLElement>(".bnpl-afm")
    if (!active || !offer || !symbol || typeof ResizeObserver === "undefined") return
    const fit = () => {
      const rest = offer.getBoundingClientRect().height - symbol.getBoundingClientRect().height
      const min = `${Math.ceil(rest / 9)}px`
      if (symbol.style.minHeight !== min) symbol.style.minHeight = min
    }
    const observer = new ResizeObserver(fit)
    observer.observe(offer)
    return () => observer.disconnect()
  }, [root, active])
}
