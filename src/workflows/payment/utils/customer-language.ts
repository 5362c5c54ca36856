import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { customerLanguage, serviceLanguage, type ServiceLanguage } from "../../../lib/payment/customer-language"

/**
 * The language to send the service when the cart has none it speaks: the storefront's (the
 * request's `x-medusa-locale` / `?locale=`), else the store's (its supported locales, the first
 * added first; Medusa 2.21 marks none as the default). The store is read only when needed.
 */
export async function fallbackLanguage(
  container: MedusaContainer,
  cartLocale: string | null | undefined,
  requestLocale: string | undefined
): Promise<ServiceLanguage | undefined> {
  if (serviceLanguage(cartLocale)) return undefined
  const fromRequest = serviceLanguage(requestLocale)
  if (fromRequest) return fromRequest
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "store",
    fields: ["id", "supported_locales.locale_code", "supported_locales.created_at"],
  })
  const locales = [...(((data[0] as any)?.supported_locales ?? []) as { locale_code: string; created_at: string }[])]
  locales.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
  return customerLanguage(...locales.map((l) => l.locale_code))
}
