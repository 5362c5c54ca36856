import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BNPL_MODULE } from "../../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../../modules/bnpl/service"
import { keepAccountPlans } from "../../../../../workflows/eligibility/utils/account-plans"
import type { AdminVerifyBnplSettingsType } from "../validators"

/**
 * `POST /admin/bnpl/settings/verify` `{api_key?, api_url?}` (to try before saving; else the
 * effective settings) → `{result: works | not_activated | unauthorized | unreachable |
 * not_configured, message, notification_url}` from one eligibility call to the service, then
 * what it says of the account (`account: {name, can_create_payments}`, `service_plans` or
 * `service_plans_problem`), kept as the account's plans. Never echoes the key, nor what
 * another server answered.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminVerifyBnplSettingsType>, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  const { accountPlans, ...result } = await bnpl.verifySettings(req.validatedBody ?? {})
  if (accountPlans) {
    await keepAccountPlans(req.scope, accountPlans.account, accountPlans.record)
  }
  res.json(result)
}
