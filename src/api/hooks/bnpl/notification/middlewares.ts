import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { redactUrlTokens } from "../../../../client"

/**
 * Medusa's request log (morgan, at `LOG_LEVEL` http, its default) writes `req.originalUrl` when
 * the response ends: for a notification, the URL with the store's token. Only that copy is
 * rewritten without the token; Express parsed `req.query` from `req.url` before any middleware,
 * so the route still reads the token the service sent. Proxies' own access logs are the
 * merchant's (docs/configuration.md, Security model).
 */
export function keepTokenOutOfRequestLog(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  if (req.originalUrl) {
    req.originalUrl = redactUrlTokens(req.originalUrl)
  }
  next()
}
