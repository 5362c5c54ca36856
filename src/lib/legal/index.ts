/**
 * The credit-advertising texts (Directive 2023/2225, from 20 November 2026): the markets, the
 * shipped defaults, the merchant's overrides and which texts go with an offer. Pure.
 */
export * from "./markets"
export { LEGAL_DEFAULTS } from "./defaults"
export { effectiveLegalTexts, legalTextOf, legalTextsFor, marketsFor } from "./resolve"
export { legalTextsProblems, normalizeLegalTexts } from "./validate"
