/**
 * An instalment payment link (what an order still owes, paid on its own payment collection):
 * how long it lasts and the state the admin shows. Paid is Medusa's record (the collection's
 * status), never the link's own; cancelled is the merchant's; expired is the clock's.
 */

/** Days a sent link stays payable; sending it again renews them. */
export const LINK_VALID_DAYS = 7

const DAY_MS = 24 * 60 * 60 * 1000

/** Medusa 2.21's statuses of a collection a customer can still pay (no payment authorized yet). */
export const PAYABLE_COLLECTION = new Set(["not_paid", "awaiting", "failed"])

/**
 * Medusa 2.21's statuses of a collection whose payment was authorized (or further: captured,
 * refunded after): paid, as the admin card, the link's page and its return read it.
 */
export const PAID_COLLECTION = new Set([
  "authorized",
  "partially_authorized",
  "completed",
  "partially_captured",
  "partially_refunded",
  "refunded",
])

export type LinkState = "not_sent" | "sent" | "paid" | "expired" | "cancelled"

export type LinkRecord = {
  sent_count: number
  expires_at: Date | string
  cancelled_at: Date | string | null
}

export function linkExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + LINK_VALID_DAYS * DAY_MS)
}

/** The state of the link of a collection (`link` undefined: never sent). */
export function linkState(link: LinkRecord | undefined, collectionStatus: string, now: Date): LinkState {
  if (PAID_COLLECTION.has(collectionStatus)) return "paid"
  if (!link || link.sent_count === 0) return "not_sent"
  if (link.cancelled_at) return "cancelled"
  return new Date(link.expires_at).getTime() <= now.getTime() ? "expired" : "sent"
}

/** Whether a customer may still start a payment on the collection (no link: Medusa's own "Copy payment link"). */
export function linkRefusal(link: LinkRecord | undefined, now: Date): "link_cancelled" | "link_expired" | undefined {
  if (!link) return undefined
  if (link.cancelled_at) return "link_cancelled"
  return new Date(link.expires_at).getTime() <= now.getTime() ? "link_expired" : undefined
}

/** What the storefront shows for a refused link, in the shop's words. */
export const LINK_REFUSALS = {
  link_cancelled: "The shop cancelled this payment link. Ask the shop for a new one.",
  link_expired: "This payment link has expired. Ask the shop to send it again.",
} as const

/**
 * The page the link opens: Medusa's own "Copy payment link" address
 * (`<admin.storefrontUrl>/payment-collection/<id>?order_id=<order>`, plus `&lang=` the customer's
 * language), so the storefront serves one route for both. Undefined when the store has no storefront URL.
 */
export function linkUrl(
  storefrontUrl: string | undefined,
  collectionId: string,
  orderId: string,
  language?: string
): string | undefined {
  if (!storefrontUrl) return undefined
  const base = storefrontUrl.replace(/\/+$/, "")
  // `lang`: the customer opens it on a phone that never saw the shop: the page in the e-mail's language.
  const lang = language ? `&lang=${encodeURIComponent(language)}` : ""
  return `${base}/payment-collection/${encodeURIComponent(collectionId)}?order_id=${encodeURIComponent(orderId)}${lang}`
}
