import { ClientRateLimiter, coldLookupBudget } from "../../lib/cold-lookups"
import { keptInMemory } from "../../lib/process-memory"

/**
 * What one anonymous product-page request (`?amount=`, `?amounts=`) may cost the service: at
 * most 10 cold look-ups (amounts the eligibility cache lacks), and at most 60 a minute per
 * client address, in this process (at most 10,000 addresses remembered). Amounts over either
 * are answered with their plans marked `unavailable` (`reasons.service: "rate_limited"`).
 * Carts are never limited by this: they have their own path and their own breakers.
 */
export const COLD_LOOKUPS_PER_REQUEST = 10
export const COLD_LOOKUPS_PER_CLIENT = { limit: 60, windowMs: 60_000, maxClients: 10_000 } as const

const clients = keptInMemory(new ClientRateLimiter(COLD_LOOKUPS_PER_CLIENT))

/**
 * The allowance of one product-page request from `client` (Express's `req.ip`: Medusa trusts
 * one proxy hop, so behind a load balancer it is the address the balancer saw).
 */
export const productPageBudget = (client: string | undefined): (() => boolean) =>
  coldLookupBudget({ perRequest: COLD_LOOKUPS_PER_REQUEST, limiter: clients, client: client || "unknown" })
