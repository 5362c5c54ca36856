/**
 * The store's settings: options (medusa-config.ts and env), the admin's row, and the one rule
 * that merges them. `reader.ts` is the only code reading the row (the module and the payment
 * provider both go through it).
 */
export * from "./types"
export * from "./options"
export * from "./precedence"
export * from "./reader"
export * from "./patch"
export * from "./changes"
export * from "./view"
export * from "./verify"
export { maskKey, MIN_ENCRYPTION_KEY_LENGTH, type StoreSecretsConfig } from "./encryption"
export { modeOf, MODES, type Mode } from "../../../lib/settings/mode"
