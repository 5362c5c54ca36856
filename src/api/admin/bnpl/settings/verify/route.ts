import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BNPL_MODULE } from "../../../../../modules/bnpl"
import type BnplModuleService from "../../../../../modules/bnpl/service"
import { verifyServiceAccess } from "../../../../../utils/settings"
import type { AdminVerifyBnplSettingsType } from "../validators"

/**
 * `POST /admin/bnpl/settings/verify` `{api_key?, api_url?}` (to try before saving; else the
 * effective settings) → `{result: works | not_activated | unauthorized | unreachable |
 * not_configured, message}` from one eligibility call to the service. Never echoes the key.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminVerifyBnplSettingsType>, res: MedusaResponse) {
  const body = req.validatedBody ?? {}
  const settings = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).getSettings()
  const typedKey = typeof body.api_key === "string" ? body.api_key.trim() : ""
  const result = await verifyServiceAccess({
    apiKey: typedKey || settings.options.apiKey,
    apiUrl: body.api_url || settings.options.apiUrl,
    timeoutMs: settings.options.timeoutMs,
    apiKeyProblem: typedKey ? undefined : settings.apiKeyProblem,
  })
  res.json(result)
}
