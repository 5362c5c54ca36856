import type { MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { hashMessage } from "../../../../../../lib/messages/content"
import { PUSH_AGAIN_INTERVAL_MS } from "../../../../../../lib/messages/view"
import { latestTrigger } from "../../../../../../lib/payment/trigger-deadlines"
import { BNPL_MODULE } from "../../../../../../modules/bnpl/module-name"
import { findPayment } from "../../../../../../modules/bnpl/ledger"
import type BnplModuleService from "../../../../../../modules/bnpl/service"
import { orderWithBnplPayment } from "../../../../../../workflows/common/utils/retrieve-order-payment"
import { pushMessageNow, sendPushAnswer } from "../push-now"

/** The start itself, also the reconciliation's "Start the payment" (its answer written to `res`). */
export async function startPaymentOfOrder(scope: MedusaContainer, orderId: string, res: MedusaResponse) {
  const { order, payment } = await orderWithBnplPayment(scope, orderId, ["status"])
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  }
  const pid = payment?.data.bnpl_payment_id
  const row = pid ? await findPayment(scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), pid) : undefined
  const refusal = !row?.pay_at_shipment
    ? "This order's payment is not a pay-at-shipment payment: it has nothing to start"
    : row.triggered_at
      ? "This order's payment has started already"
      : order.status === "canceled" || row.status !== "ordered"
        ? `No order holds this payment any more (${order.status === "canceled" ? "order cancelled" : row.status}): it cannot be started`
        : undefined
  if (refusal) {
    res.status(409).json({ type: "conflict", message: refusal })
    return
  }
  const bnpl = scope.resolve<BnplModuleService>(BNPL_MODULE)
  const recorded = await bnpl.listBnplServiceMessages(
    { order_id: orderId, kind: "trigger", bnpl_payment_id: pid },
    { select: ["id", "status", "last_error", "created_at", "updated_at"] }
  )
  const latest = latestTrigger(recorded)
  if (latest && ["pending", "failed"].includes(latest.status)) {
    sendPushAnswer(res, await pushMessageNow(scope, orderId, latest.id))
    return
  }
  // A trigger tried moments ago (not sent on purpose, or the account lacks the endpoint): as for
  // "Push again", one attempt per interval, so a thousand calls never cost a thousand service calls.
  const waitMs = latest ? new Date(latest.updated_at).getTime() + PUSH_AGAIN_INTERVAL_MS - Date.now() : 0
  if (waitMs > 0) {
    res.setHeader("Retry-After", String(Math.ceil(waitMs / 1000)))
    res
      .status(429)
      .json({ type: "too_many_requests", message: "The payment was tried moments ago: try again in a few seconds." })
    return
  }
  // Nothing left to push again: a new trigger record, sent at once (the job's if this process dies).
  const [created] = await bnpl.createBnplServiceMessages([
    {
      order_id: orderId,
      kind: "trigger",
      trigger: "manual",
      status: "pending",
      payment_id: payment!.id,
      bnpl_payment_id: pid!,
      payload: { on: "manual" },
      payload_hash: hashMessage("trigger", {}),
      next_attempt_at: new Date(Date.now() + 60_000),
    },
  ])
  sendPushAnswer(res, await pushMessageNow(scope, orderId, created.id, true))
}
