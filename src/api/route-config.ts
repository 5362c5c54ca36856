import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * Adds RBAC `policies` to a route: Medusa's route loader reads them (as for its own admin
 * routes), but `defineMiddlewares`' type does not list the field.
 */
export const withPolicies = <T extends object>(policies: { resource: string; operation: string }[], route: T): T =>
  ({ ...route, policies }) as T

/** A POST without a body (e.g. "verify what is saved") validates as `{}`. */
export function emptyBodyAsObject(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  if (req.body === undefined || req.body === null || req.body === "") {
    req.body = {}
  }
  next()
}
