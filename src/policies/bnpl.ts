import { definePolicies } from "@medusajs/framework/utils"

/**
 * RBAC (Medusa's `rbac` feature flag): who may read and change the instalment payment
 * settings, and who may see and settle the payments that ended without an order. Settling
 * refunds customers: a duty of its own (finance), not part of configuring the integration,
 * and not `order` (these payments have none). An order's BNPL view and its pushes (shipping, any message) use
 * Medusa's own `order` resource.
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
    description:
      "Change the instalment payment settings: the API keys, the service URL each key is sent to " +
      "(within the hosts this server allows: apiHosts / BNPL_API_HOSTS, in production by default only the " +
      "hosts of its configured service URLs) and so where checkout creates payments and sends customers " +
      "(with their names and addresses), the mode (test or live), the plans offered and the notification " +
      "signature check; and verify an API key (calls to the service). Grant it only to who may choose " +
      "the store's payment service account",
  },
  {
    name: "ReadBnplPayments",
    resource: "bnpl_payments",
    operation: "read",
    description: "See the instalment payments that ended without an order",
  },
  {
    name: "UpdateBnplPayments",
    resource: "bnpl_payments",
    operation: "update",
    description: "Settle an instalment payment that ended without an order (refunds or cancels it at the service)",
  },
])

/** The route policies, one place (used by `api/middlewares.ts`). */
export const BNPL_ROUTE_POLICIES = {
  readSettings: [{ resource: "bnpl_settings", operation: "read" }],
  updateSettings: [{ resource: "bnpl_settings", operation: "update" }],
  readPayments: [{ resource: "bnpl_payments", operation: "read" }],
  updatePayments: [{ resource: "bnpl_payments", operation: "update" }],
  readOrder: [{ resource: "order", operation: "read" }],
  updateOrder: [{ resource: "order", operation: "update" }],
}
