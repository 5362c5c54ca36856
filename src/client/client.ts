import { BnplAccountCalls } from "./account"

/**
 * The service client, in layers along the seams of what it knows: `transport.ts` (the one
 * HTTP path: auth, timeouts, retries, errors), `payments.ts` (the contract and the payment
 * lifecycle), `after-order.ts` (what the shop tells the service once the order exists),
 * `account.ts` (the account: who it is, its fee plans, the newer eligibility).
 */
export class BnplClient extends BnplAccountCalls {}

export { validateShippingInfo } from "./payments"
export { MAX_ANSWER_BYTES } from "./transport"
export type { AttemptTimer, BnplClientOptions, CallOptions } from "./transport"
