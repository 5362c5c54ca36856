export * from "./types"
export * from "./errors"
export { BnplClient, validateShippingInfo } from "./client"
export type { BnplClientOptions, CallOptions } from "./client"
