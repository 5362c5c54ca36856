import BnplProviderService from "../../providers/bnpl/service"
import { acceptedSession, liveStore } from "./review-store"

/**
 * A payment accepted at the live sandbox and authorized through the provider, with Medusa's way
 * of refunding it as Medusa 2.21 does: its `refund` row first, then the provider call named by
 * the row's id (`context.idempotency_key`), the row deleted when the call fails. `options`: the
 * provider's own (a short `timeoutMs`...).
 */
export async function refundablePayment(live: any, options: Record<string, unknown> = {}) {
  const store = liveStore(live)
  Object.assign(store.providerOptions, options)
  const { db, injected, providerOptions } = store
  const provider = new BnplProviderService(injected, providerOptions)
  const session = await acceptedSession(provider, live)
  const authorized = await provider.authorizePayment({ data: session.data } as any)
  const refund = async (id: string, amount: number, data: unknown) => {
    db.tables.refund = [...(db.tables.refund ?? []), { id, payment_id: "pay_1", amount, deleted_at: null }]
    try {
      return await provider.refundPayment({ amount, data, context: { idempotency_key: id } } as any)
    } catch (e) {
      db.tables.refund = db.tables.refund.filter((r) => r.id !== id)
      throw e
    }
  }
  /** Medusa deletes its refund (its provider call failed after all). */
  const medusaDeletes = (id: string) => {
    db.tables.refund = db.tables.refund.filter((r) => r.id !== id)
  }
  return { db, provider, refund, medusaDeletes, pid: session.id as string, paymentData: authorized.data }
}

/** The refunds the live sandbox made of payment `pid`: how many, and their cents. */
export function refundsAtService(live: any, pid: string) {
  const refunds = live.payments.get(pid).refunds
  return {
    refunds_at_service: refunds.length,
    cents_refunded: refunds.reduce((s: number, r: any) => s + r.amount, 0),
  }
}
