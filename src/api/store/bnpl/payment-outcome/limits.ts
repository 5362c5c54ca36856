import { AnonymousLimits } from "../../../../lib/infrastructure/cold-lookups"
import { clientKeys, type RequestLike, type TrustedProxies } from "../../../../lib/infrastructure/client-address"
import { keptInMemory } from "../../../../lib/infrastructure/process-memory"

/**
 * What `GET /store/bnpl/payment-outcome` may cost the service: the same per-client and
 * per-process limits as product pages (src/workflows/eligibility/utils/product-page-budget.ts: the client is
 * the socket's address or the declared proxies' word, IPv6 by /64), counted only for answers
 * that would ask the service (a kept settled answer, or one being asked, costs nothing).
 *
 * Limits rather than a short cache of "not paid yet": that answer can change the next second
 * (the customer pays), and a kept one would tell the customer coming back from the hosted page
 * "abandoned" and send them back to a cart they have paid for. An answer over the limits is
 * `unknown`, the answer of a service that did not reply: the storefront completes the cart and
 * the provider's own check decides, so a limited call is never a wrong one.
 *
 * 10 a minute per client: a return page asks once or twice; 40 per network (IPv4 /24, IPv6
 * /48). 10 a second per process: more customers coming back at once than a store sees, and what
 * a loop of any number of clients costs at most; one client or network holds at most 5 of them,
 * so a few addresses cannot keep customers coming back from learning their outcome.
 */
export const OUTCOME_LOOKUPS_PER_CLIENT = { limit: 10, windowMs: 60_000, maxClients: 10_000 } as const
export const OUTCOME_LOOKUPS_PER_NETWORK = { limit: 40, windowMs: 60_000, maxClients: 10_000 } as const
export const OUTCOME_LOOKUPS_PER_PROCESS = { limit: 10, windowMs: 1_000, maxShare: 5 } as const

/** The payment outcome's limits; `now` for tests (one clock for both). */
export const paymentOutcomeLimits = (now?: () => number) =>
  new AnonymousLimits({
    perClient: { ...OUTCOME_LOOKUPS_PER_CLIENT, now },
    perNetwork: { ...OUTCOME_LOOKUPS_PER_NETWORK, now },
    perProcess: { ...OUTCOME_LOOKUPS_PER_PROCESS, now },
  })

const limits = keptInMemory(paymentOutcomeLimits())

/** May this request's answer be asked of the service now? Counts it when yes. */
export const mayAskOutcome = (
  request: RequestLike,
  trustedProxies?: TrustedProxies,
  within: AnonymousLimits = limits
): boolean => {
  const { client, network } = clientKeys(request, trustedProxies)
  return within.tryTake(client, network)
}
