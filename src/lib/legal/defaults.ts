import type { LegalMarket, LegalText } from "./markets"
import defaults from "./default-texts.json"

/**
 * The credit-advertising texts the plugin ships, per market: the warning every offer of 3x, 4x,
 * pay-in-30-days and pay-at-shipment carries (Directive 2023/2225 art. 8(1); sources in docs/credit-advertising.md).
 * Defaults only: the merchant (with its lender) owns the final wording, set in the admin.
 *
 * The warnings are the sentences alone: the quotation marks around them in the sources cite
 * them, they are not part of them. French keeps its typed spacing before "!" (a plain space, as
 * the storefront kit and a merchant write it). IT and PT are not confirmed (`confirmed: false`).
 *
 * The table is data, default-texts.json, the one copy (not `defaults.json`: beside this file,
 * `require("./defaults")` under a TypeScript loader would find the JSON before this module):
 * the storefront kit bundles the same file (storefront/src/legal.ts, for a store that serves
 * none) and a test compares the two.
 */
export const LEGAL_DEFAULTS = defaults as Record<LegalMarket, LegalText>
