import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { isRedisCache, type AnswerCache } from "../../lib/eligibility/answer-cache"

/**
 * The store's Redis cache when it has one (shared by every server and worker), else `local`
 * (bounded): Medusa's default in-memory cache keeps every key until its timer fires.
 */
export function sharedOrLocalCache(container: MedusaContainer, local: AnswerCache): AnswerCache {
  try {
    const shared = container.resolve<ICacheService>(Modules.CACHE, { allowUnregistered: true })
    return shared && isRedisCache(shared) ? shared : local
  } catch {
    return local
  }
}
