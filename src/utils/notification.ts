import type { IPaymentModuleService, MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { isBnplError } from "../client"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { toCents } from "./money"
import { isValidSignature } from "./signature"

export const PROVIDER_ID = "pp_bnpl_bnpl"

type Outcome = {
  status: number
  result: "processed" | "ignored" | "rejected" | "retry"
  message: string
  process?: WebhookActionResult
}

/**
 * Decides what a notification may do. Trusts nothing it carries: the provider re-fetches
 * the payment; here its session must be one of this store's, for this payment and amount.
 */
export async function handleNotification(
  container: MedusaContainer,
  pid: string,
  headers: Record<string, unknown>
): Promise<Outcome> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (!pid || !/^[A-Za-z0-9_-]{1,100}$/.test(pid)) {
    return { status: 400, result: "rejected", message: "pid (the service payment id) is required" }
  }
  const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
  if (options.verifyNotificationSignature && options.notificationSignatureHeader) {
    const signature = headers[options.notificationSignatureHeader]
    if (!options.apiKey || !isValidSignature(pid, signature, options.apiKey)) {
      logger.warn(`BNPL notification for ${pid} rejected: missing or invalid signature`)
      return { status: 401, result: "rejected", message: "invalid notification signature" }
    }
  }

  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  let action
  try {
    action = await payments.getWebhookActionAndData({
      provider: PROVIDER_ID,
      payload: { data: { pid }, rawData: "", headers: headers as Record<string, string> },
    })
  } catch (e) {
    if (isBnplError(e) && e.code === "invalid_request" && e.status === 404) {
      logger.warn(`BNPL notification for unknown payment ${pid} rejected`)
      return { status: 404, result: "rejected", message: "unknown payment" }
    }
    // Service down or misconfigured: answer non-2xx so the service notifies again later.
    logger.warn(`BNPL notification for ${pid} could not be checked: ${(e as Error).message}`)
    return { status: 503, result: "retry", message: "the payment could not be checked now; notify again later" }
  }

  if (action.action !== PaymentActions.SUCCESSFUL && action.action !== PaymentActions.AUTHORIZED) {
    return { status: 200, result: "ignored", message: `nothing to do (payment ${action.action})` }
  }
  const sessionId = action.data!.session_id
  const session = await payments.retrievePaymentSession(sessionId).catch(() => undefined)
  const sessionData = (session?.data ?? {}) as Record<string, unknown>
  const matches =
    session &&
    session.provider_id === PROVIDER_ID &&
    sessionData.bnpl_payment_id === pid &&
    toCents(session.amount, session.currency_code) === toCents(action.data!.amount, session.currency_code)
  if (!matches) {
    logger.warn(`BNPL notification for ${pid} rejected: it does not match a payment session of this store (amount or payment id differ)`)
    return { status: 400, result: "rejected", message: "the payment does not match a payment session of this store" }
  }
  return {
    status: 200,
    result: "processed",
    message: "payment accepted",
    process: action,
  }
}
