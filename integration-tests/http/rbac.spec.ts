import fs from "node:fs"
import path from "node:path"
import { Modules } from "@medusajs/framework/utils"
import { createRbacRolesWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import { BNPL_ROUTE_POLICIES } from "../../src/policies/bnpl"

jest.setTimeout(180 * 1000)

// Before the runner loads medusa-config (the RBAC module is only there with the flag on).
const previousFlag = process.env.MEDUSA_FF_RBAC
process.env.MEDUSA_FF_RBAC = "true"

type Policy = { resource: string; operation: string }
const keyOf = (p: Policy) => `${p.resource}:${p.operation}`

/**
 * Every admin route of the plugin, with the policy it needs and its normal answer to this
 * request on an empty store (404: an unknown id, answered only after the policy check).
 */
const ROUTES: { method: "get" | "post"; path: string; file: string; policy: Policy; status: number }[] = [
  { method: "get", path: "/admin/bnpl/settings", file: "settings", policy: BNPL_ROUTE_POLICIES.readSettings[0], status: 200 },
  { method: "post", path: "/admin/bnpl/settings", file: "settings", policy: BNPL_ROUTE_POLICIES.updateSettings[0], status: 200 },
  { method: "post", path: "/admin/bnpl/settings/verify", file: "settings/verify", policy: BNPL_ROUTE_POLICIES.updateSettings[0], status: 200 },
  { method: "post", path: "/admin/bnpl/settings/notification-token/rotate", file: "settings/notification-token/rotate", policy: BNPL_ROUTE_POLICIES.updateSettings[0], status: 200 },
  { method: "post", path: "/admin/bnpl/settings/notification-token/revoke", file: "settings/notification-token/revoke", policy: BNPL_ROUTE_POLICIES.updateSettings[0], status: 200 },
  { method: "get", path: "/admin/bnpl/shipping-options", file: "shipping-options", policy: BNPL_ROUTE_POLICIES.readSettings[0], status: 200 },
  { method: "get", path: "/admin/bnpl/orders/order_missing", file: "orders/[id]", policy: BNPL_ROUTE_POLICIES.readOrder[0], status: 404 },
  { method: "post", path: "/admin/bnpl/orders/order_missing/shipping-sync", file: "orders/[id]/shipping-sync", policy: BNPL_ROUTE_POLICIES.updateOrder[0], status: 404 },
  { method: "post", path: "/admin/bnpl/orders/order_missing/messages/bnplmsg_missing/push", file: "orders/[id]/messages/[message_id]/push", policy: BNPL_ROUTE_POLICIES.updateOrder[0], status: 404 },
  { method: "post", path: "/admin/bnpl/orders/order_missing/events/push", file: "orders/[id]/events/push", policy: BNPL_ROUTE_POLICIES.updateOrder[0], status: 404 },
  { method: "post", path: "/admin/bnpl/orders/order_missing/start-payment", file: "orders/[id]/start-payment", policy: BNPL_ROUTE_POLICIES.updateOrder[0], status: 404 },
  { method: "get", path: "/admin/bnpl/orders/order_missing/payment-links", file: "orders/[id]/payment-links", policy: BNPL_ROUTE_POLICIES.readOrder[0], status: 404 },
  // No body: the collection is missing (400 naming it), once the policy let the call in.
  { method: "post", path: "/admin/bnpl/orders/order_missing/payment-links", file: "orders/[id]/payment-links", policy: BNPL_ROUTE_POLICIES.updateOrder[0], status: 400 },
  { method: "post", path: "/admin/bnpl/orders/order_missing/payment-links/pay_col_missing/cancel", file: "orders/[id]/payment-links/[collection_id]/cancel", policy: BNPL_ROUTE_POLICIES.updateOrder[0], status: 404 },
  { method: "get", path: "/admin/bnpl/orders-to-ship", file: "orders-to-ship", policy: BNPL_ROUTE_POLICIES.readPayments[0], status: 200 },
  { method: "get", path: "/admin/bnpl/payments", file: "payments", policy: { resource: "bnpl_payments", operation: "read" }, status: 200 },
  { method: "post", path: "/admin/bnpl/payments/bnplpay_missing/settle", file: "payments/[id]/settle", policy: { resource: "bnpl_payments", operation: "update" }, status: 404 },
  { method: "get", path: "/admin/bnpl/reconciliation", file: "reconciliation", policy: BNPL_ROUTE_POLICIES.readPayments[0], status: 200 },
  { method: "post", path: "/admin/bnpl/reconciliation/run", file: "reconciliation/run", policy: BNPL_ROUTE_POLICIES.updatePayments[0], status: 200 },
  // No body: the action is missing (400 naming it), once the policy let the call in.
  { method: "post", path: "/admin/bnpl/reconciliation/payment_missing/actions", file: "reconciliation/[pid]/actions", policy: BNPL_ROUTE_POLICIES.updatePayments[0], status: 400 },
]

/** The plugin's admin route files (src/api/admin/bnpl/**\/route.ts), as `settings/verify`. */
function routeFiles(dir = path.join(__dirname, "../../src/api/admin/bnpl"), prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(path.join(dir, entry.name), prefix ? `${prefix}/${entry.name}` : entry.name)
      : entry.name === "route.ts"
        ? [prefix]
        : []
  )
}

/**
 * With Medusa's `rbac` feature flag on: each admin route of the plugin answers 403 to an admin
 * whose roles grant every policy the plugin's routes use except the route's own, and its normal
 * answer to an admin whose role grants only that policy.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const policies = [...new Map(ROUTES.map((r) => [keyOf(r.policy), r.policy])).values()]
    /** Request options per policy key: `only` that policy, `allBut` that policy. */
    const sessions = new Map<string, { only: any; allBut: any }>()

    afterAll(() => {
      if (previousFlag === undefined) delete process.env.MEDUSA_FF_RBAC
      else process.env.MEDUSA_FF_RBAC = previousFlag
    })

    beforeAll(async () => {
      const container = getContainer()
      const rbac = container.resolve(Modules.RBAC) as any
      const stored = await rbac.listRbacPolicies({ key: policies.map(keyOf) })
      const idOf = (p: Policy) => {
        const found = stored.find((s: { key: string }) => s.key === keyOf(p))
        if (!found) throw new Error(`The policy ${keyOf(p)} is not registered (definePolicies in src/policies)`)
        return found.id as string
      }
      for (const [i, policy] of policies.entries()) {
        const others = policies.filter((p) => p !== policy)
        const { result: roles } = await createRbacRolesWorkflow(container).run({
          input: {
            roles: [
              { name: `only ${keyOf(policy)}`, policy_ids: [idOf(policy)] },
              { name: `all but ${keyOf(policy)}`, policy_ids: others.map(idOf) },
            ],
          },
        })
        const login = (kind: string, role: string) =>
          adminHeaders(api, container, { email: `${kind}-${i}@example.com`, password: "supersecret", roles: [role] })
        sessions.set(keyOf(policy), { only: await login("only", roles[0].id), allBut: await login("allbut", roles[1].id) })
      }
    })

    const call = (route: (typeof ROUTES)[number], options: any) =>
      (route.method === "get" ? api.get(route.path, options) : api.post(route.path, {}, options)).catch(
        (e: any) => e.response
      )

    it("covers every admin route of the plugin", () => {
      expect([...new Set(ROUTES.map((r) => r.file))].sort()).toEqual(routeFiles().sort())
    })

    it.each(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
      "%s: 403 without its policy, its normal answer with it",
      async (_name, route) => {
        const { only, allBut } = sessions.get(keyOf(route.policy))!
        const refused = await call(route, allBut)
        expect({ status: refused.status, message: refused.data?.message }).toEqual({
          status: 403,
          message: expect.stringContaining(keyOf(route.policy)),
        })
        const allowed = await call(route, only)
        expect({ status: allowed.status, message: String(allowed.data?.message ?? "") }).toEqual({
          status: route.status,
          message: expect.not.stringMatching(/permission|forbidden/i),
        })
      }
    )
  },
})
