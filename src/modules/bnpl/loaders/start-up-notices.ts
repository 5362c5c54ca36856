import type { LoaderOptions, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaVersionCheck } from "../../../lib/infrastructure/medusa-version"
import { parseTrustedProxies, trustedProxiesWarning } from "../../../lib/infrastructure/client-address"

/**
 * What a merchant must know at start-up, one line each: Medusa outside the tested range (new
 * instalment payments are then refused unless opted in, see lib/infrastructure/medusa-version.ts), and a production server
 * without BNPL_ENCRYPTION_KEY (saving a key in the admin would then be refused with Medusa's
 * default secrets, and a later change of the cookie secret would make it unreadable), and
 * declared proxies that cover every address (`trustedProxiesWarning`).
 */
export default async function startUpNotices({ container, options }: LoaderOptions): Promise<void> {
  let logger: Logger
  try {
    logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  } catch {
    return
  }
  const medusa = medusaVersionCheck()
  if (medusa.message) {
    // Refused: new payments only (the provider stays registered for the payments already taken).
    if (medusa.new_payments) {
      logger.warn(medusa.message)
    } else {
      logger.error(medusa.message)
    }
  }
  if (["production", "prod"].includes(process.env.NODE_ENV || "") && !process.env.BNPL_ENCRYPTION_KEY) {
    logger.warn(
      "medusa-plugin-bnpl: BNPL_ENCRYPTION_KEY is not set: set it (e.g. `openssl rand -hex 32`) in the backend's environment before saving an API key in the admin; it encrypts the key at rest"
    )
  }
  const declared = (options as { trustedProxies?: unknown } | undefined)?.trustedProxies
  const proxies =
    declared !== undefined
      ? trustedProxiesWarning(declared)
      : trustedProxiesWarning(parseTrustedProxies(process.env.BNPL_TRUSTED_PROXIES), "BNPL_TRUSTED_PROXIES")
  if (proxies) {
    logger.warn(proxies)
  }
}
