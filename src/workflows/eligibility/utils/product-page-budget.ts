import { AnonymousLimits, coldLookupBudget } from "../../../lib/infrastructure/cold-lookups"
import { clientKeys, type RequestLike, type TrustedProxies } from "../../../lib/infrastructure/client-address"
import { keptInMemory } from "../../../lib/infrastructure/process-memory"

/**
 * What one anonymous product-page request (`?amount=`, `?amounts=`) may cost the service: at
 * most 10 cold look-ups (amounts the eligibility cache lacks), at most 60 a minute per client
 * and 240 per network (IPv4 /24, IPv6 /48; at most 10,000 of each remembered), and at most 20 in
 * any second for the whole process, whatever the clients, of which one client or one network
 * holds at most 10: a few addresses, or one /48's many /64s, cannot keep the whole allowance
 * and leave other customers' product pages without offers. Amounts over any of them are answered with their plans marked
 * `unavailable` (`reasons.service: "rate_limited"`). Carts are never limited by this: they have
 * their own path and their own breakers.
 *
 * 20 a second: two full requests' worth, i.e. 1,200 cold amounts a minute (each kept 5 minutes,
 * so a catalogue of 6,000 prices in rotation), far more than a store needs once its prices are
 * cached, and a ceiling the service can plan for however many addresses (or IPv6 hosts, or
 * clients behind a trusted proxy) take part.
 */
export const COLD_LOOKUPS_PER_REQUEST = 10
export const COLD_LOOKUPS_PER_CLIENT = { limit: 60, windowMs: 60_000, maxClients: 10_000 } as const
/** A network: four clients' worth (a household, an office, a small site's /48). */
export const COLD_LOOKUPS_PER_NETWORK = { limit: 240, windowMs: 60_000, maxClients: 10_000 } as const
/** `maxShare`: half the process's second, one full request's worth. */
export const COLD_LOOKUPS_PER_PROCESS = { limit: 20, windowMs: 1_000, maxShare: 10 } as const

/** The product pages' limits; `now` for tests (one clock for both). */
export const productPageLimits = (now?: () => number) =>
  new AnonymousLimits({
    perClient: { ...COLD_LOOKUPS_PER_CLIENT, now },
    perNetwork: { ...COLD_LOOKUPS_PER_NETWORK, now },
    perProcess: { ...COLD_LOOKUPS_PER_PROCESS, now },
  })

const limits = keptInMemory(productPageLimits())

/**
 * The allowance of one product-page request. Its client is the socket's address, or the one the
 * declared proxies (`trustedProxies`) say, IPv6 by /64, and its network: never what the caller writes in
 * `X-Forwarded-For` (see src/lib/infrastructure/client-address.ts).
 */
export const productPageBudget = (
  request: RequestLike,
  trustedProxies?: TrustedProxies,
  within: AnonymousLimits = limits
): (() => boolean) =>
  coldLookupBudget({
    perRequest: COLD_LOOKUPS_PER_REQUEST,
    limiter: within,
    ...clientKeys(request, trustedProxies),
  })
