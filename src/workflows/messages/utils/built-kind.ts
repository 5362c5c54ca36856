import type { MedusaContainer } from "@medusajs/framework/types"
import type { ResolvedOptions } from "../../../modules/bnpl/settings"
import type { BnplOrderPayment } from "../../common/utils/retrieve-order-payment"
import type { Attempt, PushOutcome, Row } from "./attempt"
import type { RecordedMessageRow } from "./read-order-messages"

/**
 * A kind whose content is built from the order at each attempt (`fixedAtRecord: false` in the kind
 * table), as the pipeline runs it: its read with the event's order and again for a retry, what
 * its row keeps of a read, the service payment a read names (the push's lock and ledger), and
 * its attempt.
 */
export type BuiltKind<R = unknown> = {
  readWithEvent(
    container: MedusaContainer,
    orderId: string,
    context: { order: any; payment: BnplOrderPayment; recorded: RecordedMessageRow[]; options: ResolvedOptions }
  ): Promise<R>
  readForRetry(
    container: MedusaContainer,
    orderId: string,
    options: ResolvedOptions
  ): Promise<{ read: R; payment_id?: string | null; bnpl_payment_id?: string | null }>
  recorded(read: R | undefined): { payload: Record<string, unknown> | null; payload_hash: string | null }
  paymentOf(read: R | undefined): string | undefined
  attempt(a: Attempt, row: Row): Promise<PushOutcome>
}
