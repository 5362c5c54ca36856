import { BNPL_PROVIDER_ID } from "./plans"

/** A small card-with-calendar icon (inline SVG, `currentColor`), for a provider list. */
export const BNPL_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true"><rect x="2.5" y="4" width="15" height="12" rx="2"/><path d="M2.5 8h15M6 12h2M10 12h2M14 12h.01"/></svg>'

/**
 * An entry for a storefront's payment provider map (like the DTC starter's `paymentInfoMap`):
 * `{ ...paymentInfoMap, ...paymentMethodInfo }`. `icon` is SVG markup; React storefronts use
 * `<BnplIcon />` from `medusa-plugin-bnpl-storefront/react`.
 */
export const paymentMethodInfo = {
  [BNPL_PROVIDER_ID]: { title: "Pay in instalments", titleFr: "Paiement en plusieurs fois", icon: BNPL_ICON_SVG },
} as const
