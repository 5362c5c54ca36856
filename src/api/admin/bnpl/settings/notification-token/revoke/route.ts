import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BNPL_MODULE } from "../../../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../../../modules/bnpl/service"
import { accountsOf, type AdminNotificationTokenBodyType } from "../validators"

/**
 * `POST /admin/bnpl/settings/notification-token/revoke` `{mode?}` → `{revoked_at, modes}`: "revoke
 * now", after a token leaked. The account (`mode`: "test" or "live"; both when left out) gets a
 * new notification token and no earlier one opens anything any more (unlike a rotation, which
 * keeps them 7 days for the payments made before). Payments in flight that carried one are then
 * authenticated by their signature, or ended by the customer's return or the settle job. The
 * token itself is never answered.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminNotificationTokenBodyType>, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  res.json(await bnpl.revokeNotificationTokens(accountsOf(req.validatedBody)))
}
