import type {
  ConfigModule,
  ILockingModule,
  INotificationModuleService,
  IPaymentModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { customerLanguage } from "../../../lib/payment/customer-language"
import { legalTextsFor } from "../../../lib/legal"
import type { OwedCollectionView, PaymentLinksView } from "../../../lib/http/http-types"
import { fromCents, toCents } from "../../../lib/money/money"
import { LINK_EMAIL_TEMPLATE, linkEmail } from "../../../lib/payment-links/email"
import { linkExpiry, linkState, linkUrl, PAYABLE_COLLECTION } from "../../../lib/payment-links/state"
import { BNPL_PROVIDER_ID } from "../../../lib/payment/provider-registration"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { plansForCollection, type CollectionPlans } from "../../eligibility/utils/plans-for-collection"
import { fallbackLanguage } from "../../payment/utils/customer-language"
import { handleReturn } from "../../payment/utils/handle-notification"
import { processAccepted } from "../../payment/utils/process-accepted"

/** A sent link is not sent again within this many seconds (a double click, a loop). */
export const RESEND_AFTER_S = 60

type LinkRow = {
  id: string
  payment_collection_id: string
  order_id: string
  sent_count: number
  last_sent_at: Date | null
  expires_at: Date
  cancelled_at: Date | null
  closed_at: Date | null
}

/** The admin's view (lib/http/http-types.ts), the plans as the eligibility answers them. */
export type OwedCollection = Omit<OwedCollectionView, "eligibility"> & { eligibility?: CollectionPlans }
export type OrderLinks = Omit<PaymentLinksView, "collections"> & { collections: OwedCollection[] }

const ORDER_FIELDS = [
  "id",
  "display_id",
  "status",
  "email",
  "locale",
  "payment_collections.id",
  "payment_collections.amount",
  "payment_collections.currency_code",
  "payment_collections.status",
  "payment_collections.created_at",
  "payment_collections.cart.id",
]

const bnpl = (container: MedusaContainer) => container.resolve<BnplModuleService>(BNPL_MODULE)

async function orderOf(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } })
  const order = data[0] as any
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order "${orderId}" was not found`)
  }
  return order
}

function storefrontUrlOf(container: MedusaContainer): string | undefined {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  return config.admin?.storefrontUrl || undefined
}

/** The customer's language: the e-mail's, and the link page's. */
const languageOf = async (container: MedusaContainer, order: any) =>
  customerLanguage(order.locale) ?? (await fallbackLanguage(container, order.locale, undefined)) ?? "en"

/** The order's own collections (no cart: what it owes after an edit, a claim, an exchange, a draft). */
const ownCollections = (order: any) => ((order.payment_collections ?? []) as any[]).filter((c) => c && !c.cart?.id)

async function linkRows(container: MedusaContainer, filters: Record<string, unknown>): Promise<LinkRow[]> {
  return (await bnpl(container).listBnplPaymentLinks(filters)) as unknown as LinkRow[]
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

/**
 * What the admin card shows for an order: each collection of its own with the link's state and,
 * while it is payable, the plans the service accepts for its amount. Collections paid or closed
 * without a link are left out (nothing to do).
 */
export async function linksOfOrder(container: MedusaContainer, orderId: string, now: Date): Promise<OrderLinks> {
  const order = await orderOf(container, orderId)
  const rows = await linkRows(container, { order_id: orderId })
  const storefront = storefrontUrlOf(container)
  const language = await languageOf(container, order)
  const collections: OwedCollection[] = []
  for (const c of ownCollections(order)) {
    const row = rows.find((r) => r.payment_collection_id === c.id)
    if (!PAYABLE_COLLECTION.has(c.status) && !row) continue
    const currency = String(c.currency_code).toLowerCase()
    collections.push({
      payment_collection_id: c.id,
      amount: toCents(c.amount, currency),
      currency_code: currency,
      status: c.status,
      ...(storefront ? { url: linkUrl(storefront, c.id, order.id, language) } : {}),
      link: {
        state: linkState(row, c.status, now),
        sent_count: row?.sent_count ?? 0,
        last_sent_at: iso(row?.last_sent_at),
        expires_at: iso(row?.expires_at),
        cancelled_at: iso(row?.cancelled_at),
      },
      ...(PAYABLE_COLLECTION.has(c.status)
        ? { eligibility: await plansForCollection(container, c.id, { merchant: true }) }
        : {}),
    })
  }
  return { order_id: order.id, email: order.email ?? null, storefront_url: storefront ?? null, collections }
}

const conflict = (message: string) => new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

/**
 * E-mails the link of one of the order's collections to the order's address (Medusa's
 * Notification Module, channel "email"), in the customer's language with the market's credit
 * warning, and records it: valid LINK_VALID_DAYS from now (sent again: renewed, a cancelled link
 * reopened). Refused with the reason when there is nothing to pay, no plan for the amount, no
 * address, no storefront URL or no e-mail provider; nothing is recorded then.
 */
export async function sendLink(container: MedusaContainer, orderId: string, collectionId: string, now: Date) {
  // One send at a time per collection: two clicks (or a script) at once would both pass the
  // "sent less than a minute ago" check and e-mail the customer twice.
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  return locking.execute(`bnpl-link:${collectionId}`, () => sendLinkNow(container, orderId, collectionId, now), {
    timeout: 10,
  })
}

async function sendLinkNow(container: MedusaContainer, orderId: string, collectionId: string, now: Date) {
  const order = await orderOf(container, orderId)
  const collection = ownCollections(order).find((c) => c.id === collectionId)
  if (!collection) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Payment collection "${collectionId}" is not one order #${order.display_id} owes on (its own collections only)`
    )
  }
  if (order.status === "draft") {
    throw conflict(`Order #${order.display_id} is a draft: convert it to an order first, then send its payment link`)
  }
  if (!PAYABLE_COLLECTION.has(collection.status)) {
    throw conflict(`Order #${order.display_id} owes nothing on this collection (${collection.status}): no link to send`)
  }
  const storefront = storefrontUrlOf(container)
  const language = await languageOf(container, order)
  const url = linkUrl(storefront, collection.id, order.id, language)
  if (!url) {
    throw conflict(
      "The store has no storefront URL: set admin.storefrontUrl in medusa-config.ts (Medusa's own Copy payment link uses it too)"
    )
  }
  if (!order.email) {
    throw conflict(`Order #${order.display_id} has no e-mail address to send the link to`)
  }
  const [row] = await linkRows(container, { payment_collection_id: collectionId })
  if (row?.last_sent_at && now.getTime() - new Date(row.last_sent_at).getTime() < RESEND_AFTER_S * 1000) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The link was sent less than ${RESEND_AFTER_S} seconds ago: wait before sending it again`
    )
  }
  const offer = await plansForCollection(container, collectionId, { merchant: true })
  if (!offer.plans.length) {
    throw conflict(
      `No instalment plan is offered for this amount: ${offer.message ?? offer.unavailable_reason ?? "the service offers none"}`
    )
  }
  const expiresAt = linkExpiry(now)
  // The market's credit texts, as the store API adds them to an offer (the plans answer has none).
  const { legalTexts } = await bnpl(container).getOptions()
  const legal = legalTextsFor(legalTexts, offer.country)[0]
  const email = linkEmail({
    language,
    orderDisplayId: String(order.display_id),
    // Medusa's amount (a BigNumber from the graph) through the one conversion to cents and back.
    amount: fromCents(toCents(collection.amount, collection.currency_code), collection.currency_code),
    currencyCode: collection.currency_code,
    url,
    expiresAt,
    warning: legal?.warning,
    lender: legal?.lender,
  })
  const notifications = container.resolve<INotificationModuleService>(Modules.NOTIFICATION)
  try {
    await notifications.createNotifications({
      to: order.email,
      channel: "email",
      template: LINK_EMAIL_TEMPLATE,
      data: email.texts,
      content: email.content,
      trigger_type: "bnpl.payment_link",
      resource_id: collection.id,
      resource_type: "payment_collection",
      idempotency_key: `bnpl-link-${collection.id}-${now.getTime()}`,
    })
  } catch (e) {
    throw conflict(
      `The e-mail could not be sent: ${(e as Error).message}. Medusa sends it through a notification provider of the "email" channel (README "Payment links")`
    )
  }
  await recordLinkSent(container, { row, collectionId: collection.id, orderId: order.id }, now)
  return { to: order.email as string, language, expires_at: expiresAt.toISOString() }
}

/** A link sent: valid LINK_VALID_DAYS from `now`; sent again, renewed and a cancelled link reopened. */
export async function recordLinkSent(
  container: MedusaContainer,
  sent: { row?: LinkRow; collectionId: string; orderId: string },
  now: Date
) {
  const { row } = sent
  const fields = {
    sent_count: (row?.sent_count ?? 0) + 1,
    last_sent_at: now,
    expires_at: linkExpiry(now),
    cancelled_at: null,
    closed_at: null,
  }
  if (row) {
    await bnpl(container).updateBnplPaymentLinks({ id: row.id, ...fields })
  } else {
    await bnpl(container).createBnplPaymentLinks({
      payment_collection_id: sent.collectionId,
      order_id: sent.orderId,
      ...fields,
    })
  }
}

/** The merchant cancels a link: refused on the storefront from now, its open payment cancelled at the service. */
export async function cancelLink(container: MedusaContainer, orderId: string, collectionId: string, now: Date) {
  const [row] = await linkRows(container, { payment_collection_id: collectionId, order_id: orderId })
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No payment link was sent for collection "${collectionId}"`)
  }
  if (!row.cancelled_at) {
    await bnpl(container).updateBnplPaymentLinks({ id: row.id, cancelled_at: now })
  }
  return closeLink(container, { ...row, cancelled_at: row.cancelled_at ?? now }, now)
}

/**
 * Ends what a cancelled or expired link left open: each instalment session of the collection
 * that is not authorized is asked of the service once; one the customer did pay becomes the
 * order's payment (as the return would record it), the others are deleted through Medusa's
 * payment module, whose provider call cancels them at the service. A service that cannot answer
 * now leaves the link open for the next run. Returns whether it is closed.
 */
export async function closeLink(container: MedusaContainer, row: LinkRow, now: Date): Promise<boolean> {
  if (row.closed_at) return true
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const sessions = await payments.listPaymentSessions({
    payment_collection_id: row.payment_collection_id,
    provider_id: BNPL_PROVIDER_ID,
  } as any)
  let open = false
  for (const session of sessions) {
    if (["authorized", "captured"].includes(session.status)) continue
    const pid = (session.data as any)?.bnpl_payment_id as string | undefined
    if (pid) {
      const decided = await handleReturn(container, pid)
      if (decided.process) {
        const done = await processAccepted(container, pid, decided.process)
        if (done.result !== "processed") open = true
        continue
      }
      if (decided.result === "retry") {
        open = true
        continue
      }
    }
    await payments.deletePaymentSession(session.id)
  }
  if (open) return false
  await bnpl(container).updateBnplPaymentLinks({ id: row.id, closed_at: now })
  return true
}

/** The hourly job: every cancelled or expired link not closed yet. */
export async function closeEndedLinks(container: MedusaContainer, now: Date) {
  const rows = (await linkRows(container, { closed_at: null })).filter(
    (r) => r.cancelled_at || new Date(r.expires_at).getTime() <= now.getTime()
  )
  let closed = 0
  for (const row of rows) {
    if (await closeLink(container, row, now)) closed++
  }
  return { ended: rows.length, closed }
}

/** The link of a collection, if the merchant sent one (the storefront's refusal reads it). */
export async function linkOfCollection(container: MedusaContainer, collectionId: string): Promise<LinkRow | undefined> {
  const [row] = await linkRows(container, { payment_collection_id: collectionId })
  return row
}
