import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BNPL_MODULE } from "../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../modules/bnpl/service"
import {
  accountCheckFor,
  refreshAccountPlans,
  withServicePlans,
} from "../../../../workflows/eligibility/utils/account-plans"
import type { AdminUpdateBnplSettingsType } from "./validators"

/**
 * `GET /admin/bnpl/settings` → `{settings}`: every effective value and where it comes from
 * (`source`: settings | options | env | default | null), and each account's own plans
 * (`accounts.{test,live}.service_plans`, or `service_plans_problem`). The API key is never
 * returned: only `api_key_set` and a hint like `sk_test_...1234`.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  res.json({ settings: await withServicePlans(req.scope, await bnpl.getSettingsView()) })
}

/**
 * `POST /admin/bnpl/settings`: partial update (absent = unchanged, null = back to the plugin
 * options/env/default, `api_key: ""` removes the key). Invalid → 400, nothing saved; so are
 * plans the account does not have, bounds outside the service's, and a URL outside the allowed
 * service hosts (in production without `apiHosts`: the hosts of the configured service URLs; never
 * the backend's own network unless listed). Applies on this instance at once and on the others
 * within a few seconds; the accounts' plans are read again (their problems told in our words).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminUpdateBnplSettingsType>, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  await bnpl.saveSettings(req.validatedBody ?? {}, accountCheckFor(req.scope))
  await refreshAccountPlans(req.scope)
  res.json({ settings: await withServicePlans(req.scope, await bnpl.getSettingsView()) })
}
