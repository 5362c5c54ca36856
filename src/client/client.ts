import { BnplAfterOrderCalls } from "./after-order"

/**
 * The service client, in three layers along the seams of what it knows: `transport.ts` (the one
 * HTTP path: auth, timeouts, retries, errors), `payments.ts` (the contract and the payment
 * lifecycle), `after-order.ts` (what the shop tells the service once the order exists).
 */
export class BnplClient extends BnplAfterOrderCalls {}

export { validateShippingInfo } from "./payments"
export { MAX_ANSWER_BYTES } from "./transport"
export type { BnplClientOptions, CallOptions } from "./transport"
