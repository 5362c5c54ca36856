import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
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
  const typedUrl = body.api_url?.trim().replace(/\/+$/, "")
  if (typedUrl && typedUrl !== settings.options.apiUrl && !typedKey && settings.options.apiKey) {
    // The saved key is only ever sent to the URL it was saved for.
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "api_key: to try another service URL, paste the API key to use with it (the saved key is only sent to the saved URL)"
    )
  }
  const result = await verifyServiceAccess({
    apiKey: typedKey || settings.options.apiKey,
    apiUrl: body.api_url || settings.options.apiUrl,
    timeoutMs: settings.options.timeoutMs,
    apiKeyProblem: typedKey ? undefined : settings.apiKeyProblem,
  })
  res.json(result)
}
