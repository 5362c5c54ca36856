import { definePolicies } from "@medusajs/framework/utils"

/**
 * RBAC (Medusa's `rbac` feature flag): who may read and change the instalment payment
 * settings. An order's BNPL view and its shipping push use Medusa's own `order` resource.
 */
export const bnplPolicies = definePolicies([
  {
    name: "ReadBnplSettings",
    resource: "bnpl_settings",
    operation: "read",
    description: "See the instalment payment settings (never the API key) and the shipping option mapping",
  },
  {
    name: "UpdateBnplSettings",
    resource: "bnpl_settings",
    operation: "update",
    description: "Change the instalment payment settings and verify an API key",
  },
])

/** The route policies, one place (used by `api/middlewares.ts`). */
export const BNPL_ROUTE_POLICIES = {
  readSettings: [{ resource: "bnpl_settings", operation: "read" }],
  updateSettings: [{ resource: "bnpl_settings", operation: "update" }],
  readOrder: [{ resource: "order", operation: "read" }],
  updateOrder: [{ resource: "order", operation: "update" }],
}
