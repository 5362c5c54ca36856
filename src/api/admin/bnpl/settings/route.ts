import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BNPL_MODULE } from "../../../../modules/bnpl"
import type BnplModuleService from "../../../../modules/bnpl/service"
import type { AdminUpdateBnplSettingsType } from "./validators"

/**
 * `GET /admin/bnpl/settings` → `{settings}`: every effective value and where it comes from
 * (`source`: settings | options | env | default | null). The API key is never returned: only
 * `api_key_set` and a hint like `sk_test_...1234`.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  res.json({ settings: await bnpl.getSettingsView() })
}

/**
 * `POST /admin/bnpl/settings`: partial update (absent = unchanged, null = back to the plugin
 * options/env/default, `api_key: ""` removes the key). Invalid → 400, nothing saved.
 * Applies on this instance at once and on the others within a few seconds.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminUpdateBnplSettingsType>, res: MedusaResponse) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  await bnpl.saveSettings(req.validatedBody ?? {})
  res.json({ settings: await bnpl.getSettingsView() })
}
