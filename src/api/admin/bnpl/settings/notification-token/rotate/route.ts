import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BNPL_MODULE } from "../../../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../../../modules/bnpl/service"
import { accountsOf, type AdminNotificationTokenBodyType } from "../validators"

/**
 * `POST /admin/bnpl/settings/notification-token/rotate` `{mode?}` → `{rotated_at, previous_accepted_until}`:
 * new payments of the account (`mode`: "test" or "live"; both when left out) get a new
 * notification token; payments made before keep theirs until `previous_accepted_until` (7 days).
 * The token itself is never answered.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminNotificationTokenBodyType>, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  res.json(await bnpl.rotateNotificationToken(accountsOf(req.validatedBody)))
}
