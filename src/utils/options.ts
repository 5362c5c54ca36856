// Temporary, while the reshape lands: the options moved to modules/bnpl/settings, clientFor to client/.
export { currencyProblem, resolveOptions, validateOptions, type BnplOptions, type ResolvedOptions } from "../modules/bnpl/settings"
export { clientFor } from "../client"
