import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../modules/bnpl/service"
import { mapShippingOption, type ShippingOverride } from "../../../../lib/shipping/mapping"

/**
 * `GET /admin/bnpl/shipping-options`: each of the store's shipping options with what it maps
 * to for the service (`shipping_method`, `express_delivery`), why, and the merchant's override.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  // The effective overrides: admin settings > plugin options (modules/bnpl/settings).
  const overrides: Record<string, ShippingOverride> = (await bnpl.getOptions()).shippingMethodOverrides
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "provider_id", "metadata", "type.code", "type.label", "service_zone.fulfillment_set.type"],
  })
  const shipping_options = (data as any[]).map((option) => {
    const fulfillment_set_type = option.service_zone?.fulfillment_set?.type ?? null
    return {
      id: option.id,
      name: option.name,
      type: option.type ? { code: option.type.code, label: option.type.label } : null,
      provider_id: option.provider_id,
      fulfillment_set_type,
      mapping: mapShippingOption({ ...option, fulfillment_set_type }, { override: overrides[option.id] }),
      override: overrides[option.id] ?? null,
    }
  })
  res.json({ shipping_options })
}
