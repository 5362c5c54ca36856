import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { clientFor, type Payment } from "../../../../client"
import { BoundedCache } from "../../../../lib/infrastructure/bounded-cache"
import type { ResolvedOptions } from "../../../../modules/bnpl/settings"
import { BNPL_MODULE } from "../../../../modules/bnpl/module-name"
import { findPayment, type Knex } from "../../../../modules/bnpl/ledger"
import type BnplModuleService from "../../../../modules/bnpl/service"
import { modeOf } from "../../../../lib/settings/mode"
import { paymentOutcome } from "../../../../lib/payment/payment-outcome"
import { statusOf } from "../../../../providers/bnpl/status"
import { REVIEW_STATES } from "../../../../providers/bnpl/constants"
import { BNPL_PROVIDER_ID } from "../../../../lib/payment/provider-registration"
import type { StorePaymentOutcomeQuery } from "./validators"
import { keptInMemory } from "../../../../lib/infrastructure/process-memory"
import { forwardedForWarning } from "../../../../lib/infrastructure/client-address"
import { mayAskOutcome } from "./limits"
import { handleReturn } from "../../../../workflows/payment/utils/handle-notification"
import { processAccepted } from "../../../../workflows/payment/utils/process-accepted"
import { PAID_COLLECTION } from "../../../../lib/payment-links/state"

// The customer waits on the return page: a short, single attempt (unknown → the storefront completes as before).
const RETURN_CALL = { timeoutMs: 3000, retries: 0 }

/**
 * The service's answer per payment: concurrent calls for one payment share one request, and an
 * answer that can no longer change (accepted, refused, ended) is kept a minute, so a reloading
 * return page or someone calling in a loop costs no more requests. An answer that can still
 * change (not paid yet, under review) is never reused: the customer may act on the page next;
 * what asking it again costs is bounded per client and per process instead (limits.ts says why).
 * Bounded, so many carts cannot grow it.
 */
const SETTLED_ANSWER_MS = 60_000
const answers = keptInMemory(new BoundedCache<Promise<Payment | undefined>>({ maxEntries: 1000 }))
const canStillChange = (payment: Payment | undefined) =>
  !payment || (!payment.expired_at && ["not_started", ...REVIEW_STATES].includes(payment.state))

/**
 * `mayAsk`: the per-client and per-process limits (limits.ts), asked only when the service would
 * be: over them, undefined (answered `unknown`, as when the service does not reply), not kept.
 */
function servicePayment(options: ResolvedOptions, logger: Logger, paymentId: string, mayAsk: () => boolean) {
  const key = `${options.apiUrl}|${paymentId}`
  const kept = answers.get(key)
  if (kept) return kept
  if (!mayAsk()) return Promise.resolve(undefined)
  const asked = clientFor(options, logger)
    .getPayment(paymentId, RETURN_CALL)
    .catch(() => undefined)
  answers.set(key, asked, SETTLED_ANSWER_MS)
  void asked.then((payment) => {
    if (canStillChange(payment)) answers.delete(key)
  })
  return asked
}

/**
 * `GET /store/bnpl/payment-outcome?cart_id=...&pid=...` (a payment link's return:
 * `?payment_collection_id=...&pid=...`, below): what became of the cart's instalment
 * payment, asked of the service, so that the return page completes the cart only when an order
 * can come of it (a failed completion still uses up an order number). `current` is false when
 * `pid` is not the cart's current payment (the outcome is the current one's). Tells nothing the
 * cart's payment session does not already show to whoever holds the cart id.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { cart_id, payment_collection_id, pid } = req.validatedQuery as StorePaymentOutcomeQuery
  if (payment_collection_id) {
    return res.json({ outcome: await linkOutcome(req, payment_collection_id, pid) })
  }
  const cart = await oneOf(req, "cart", cart_id, ["id", "completed_at", ...sessionFields("payment_collection.")])
  if (cart.completed_at) {
    return res.json({ outcome: { status: "ordered", current: true } })
  }
  const { session, paymentId } = bnplSessionOf(cart.payment_collection?.payment_sessions)
  const current = !pid || pid === paymentId
  if (!paymentId) {
    return res.json({ outcome: { status: "abandoned", current, message: "This cart has no instalment payment" } })
  }
  res.json({ outcome: { ...(await serviceOutcome(req, session, paymentId)), current } })
}

/** What the outcome reads of a collection's payment sessions (the collection's fields under `prefix`). */
const sessionFields = (prefix: string) =>
  ["provider_id", "status", "data", "created_at"].map((field) => `${prefix}payment_sessions.${field}`)

/** The collection's BNPL session, and the service's payment it holds. */
function bnplSessionOf(sessions: unknown[] | undefined) {
  const session = ((sessions ?? []) as any[]).find((s) => s?.provider_id === BNPL_PROVIDER_ID)
  return { session, paymentId: session?.data?.bnpl_payment_id as string | undefined }
}

/** What the service says of the session's payment, as the return page reads it. */
async function serviceOutcome(req: MedusaRequest, session: any, paymentId: string) {
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  const options = await bnpl.getOptions(modeOf(session.data))
  const knex = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const mayAsk = () => mayAskOutcome(req, options.trustedProxies)
  const proxyWarning = forwardedForWarning(req, options.trustedProxies)
  if (proxyWarning) logger.warn(proxyWarning)
  const [payment, row] = await Promise.all([
    servicePayment(options, logger, paymentId, mayAsk),
    findPayment(knex, paymentId),
  ])
  if (!payment) {
    return { status: "unknown" as const }
  }
  const expected = row?.purchase_amount ?? session.data.purchase_amount
  const verdict = statusOf(payment, Number(expected), options.autoCapture)
  const status = paymentOutcome(verdict.status, row?.status)
  return { status, ...(verdict.reason && status !== "accepted" ? { message: verdict.reason } : {}) }
}

/**
 * A payment link's return: the collection's own payment (no cart to complete). Accepted by the
 * service and not yet recorded, it is authorized here as the notification would (one at a time
 * per payment), so the customer sees "paid" without waiting for the notification.
 */
async function linkOutcome(req: MedusaRequest, collectionId: string, pid: string | undefined) {
  const collection = await oneOf(req, "payment_collection", collectionId, ["id", "status", ...sessionFields("")])
  const { session, paymentId } = bnplSessionOf(collection.payment_sessions)
  const current = !pid || pid === paymentId
  if (PAID_COLLECTION.has(collection.status)) {
    return { status: "ordered" as const, current }
  }
  if (!paymentId) {
    return { status: "abandoned" as const, current, message: "This payment link has no instalment payment yet" }
  }
  const outcome = await serviceOutcome(req, session, paymentId)
  if (outcome.status !== "accepted" || !current) {
    return { ...outcome, current }
  }
  // Recording it asks the service once more (the provider's own read): within the same per-client
  // and per-process limits, since an accepted answer is kept a minute and a return page called in
  // a loop while Medusa cannot record it would otherwise cost a service call each time.
  const { trustedProxies } = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(session.data))
  if (!mayAskOutcome(req, trustedProxies)) {
    return { ...outcome, current }
  }
  const decided = await handleReturn(req.scope, paymentId)
  const done = decided.process ? await processAccepted(req.scope, paymentId, decided.process) : decided
  return done.status === 200 && done.result === "processed"
    ? { status: "ordered" as const, current }
    : { ...outcome, current }
}

/** The cart or payment collection of this id (the query's `…_id`), with `fields`; unknown, a 400. */
async function oneOf(
  req: MedusaRequest,
  entity: "cart" | "payment_collection",
  id: string | undefined,
  fields: string[]
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity, fields, filters: { id } })
  const found = data[0] as any
  if (!found) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown ${entity}_id "${id}"`)
  }
  return found
}
