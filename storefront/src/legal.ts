import defaults from "../../src/lib/legal/default-texts.json"
import type { LegalMarket, LegalText } from "./types"

/**
 * The credit-advertising texts the kit ships, per market (Directive 2023/2225 art. 8, from
 * 20 November 2026): the warning every offer of 3x, 4x, pay-in-30-days and pay-at-shipment
 * carries. Defaults only: the merchant (with its lender) owns the final wording, and the store
 * serves the merchant's texts with the plans (`PlansAnswer.legal`). The table is the plugin's
 * data file (src/lib/legal/default-texts.json), bundled into the kit at build time: one copy for both.
 */
export const LEGAL_DEFAULTS = defaults as Record<LegalMarket, LegalText>
