import type { BnplClient, CallOptions } from "../../../client"
import type { SwitchKey } from "../../settings/switches"

/**
 * What one kind of message to the service is, in one place: the pipeline (record, read, push,
 * retry), the admin view and the HTTP types all read these entries (`./index.ts` lists them).
 * A new kind is a new file here and one line in that list.
 */

/** The order events the plugin tells the service about, as their record's `trigger`. */
export type MessageEvent =
  | "order_placed"
  | "fulfillment_created"
  | "shipment_created"
  | "delivery_created"
  | "order_canceled"
  | "order_edit_confirmed"
  | "claim_created"
  | "exchange_created"
  /** The admin's "Send shipping information". */
  | "manual"

type Label = { tracking_number?: string | null; tracking_url?: string | null }
export type FulfillmentRead = {
  id: string
  provider_id?: string | null
  labels?: Label[] | null
  shipping_option?: {
    name?: string | null
    metadata?: Record<string, any> | null
    data?: Record<string, any> | null
  } | null
}
/** The order as read for an event (with the union of its kinds' `orderFields`). */
export type OrderRead = {
  id: string
  display_id?: number | string | null
  fulfillments?: FulfillmentRead[] | null
  items?: { requires_shipping?: boolean | null }[] | null
  [field: string]: unknown
}

/** A recorded message, as far as deciding what an event records needs it. */
export type RecordedRow = { kind: string; status: string; payload_hash?: string | null }

/** What a kind builds its messages from: the event, the order read once, the store's options. */
export type EventContext = {
  event: MessageEvent
  order: OrderRead
  fulfillment_id?: string
  backendUrl?: string
  /** Pay at shipment: the event that starts this payment (undefined: not such a payment). */
  startsOn?: MessageEvent
}

/** One message an event records. `payload` null: built from the order when sent (not fixed). */
export type Message = { kind: string; payload: unknown; fulfillment_id?: string }

/** The attached order a message names (from the accepted order reference). */
export type AttachedOrder = { merchant_reference: string; service_order_id: string }

/** What sending one message needs; `effects` are the workflow's I/O a kind may ask for. */
export type SendInput<P> = {
  client: BnplClient
  pid: string
  payload: P
  attached?: AttachedOrder
  call: CallOptions
  effects: {
    /**
     * Pay at shipment: the service started the payment. The ledger records it and Medusa captures
     * it before the message is recorded as accepted (a crash in between leaves it pending: sent
     * again, answered as started, captured then). Answers a capture problem, if any.
     */
    paymentStarted(): Promise<string | null>
  }
}

/** What the service answered that the record keeps. */
export type Sent = { service_order_id?: string; problem?: string | null }

export type KindSpec<K extends string = string, P = any> = {
  /** The kind's one word: the record's (`bnpl_service_message.kind`) and the admin API's (`messages[].kind`). */
  kind: K
  /** A set (each content once per payment: a parcel, the trigger), not a state the next replaces. */
  oncePerContent: boolean
  /** Content fixed when the event happens; else rebuilt from the order at each attempt. */
  fixedAtRecord: boolean
  /** Names the attached order: waits until the order reference is accepted. */
  needsAttachedOrder: boolean
  /** An order placed before orders were attached gets its reference recorded with this kind. */
  bringsReference: boolean
  /** The events that may record it: their order read asks for `orderFields`. */
  on: readonly MessageEvent[]
  orderFields: readonly string[]
  /** Whether the event may record it at all, from what was recorded before (before any order read). */
  wanted?(event: MessageEvent, recorded: RecordedRow[]): boolean
  /** The messages of this kind an event records (pure). */
  build(context: EventContext): Omit<Message, "kind">[]
  /** Where a content stands: a lower one never replaces an accepted higher one (statuses move forward). */
  rank?(payload: P): number
  /** Its content hash (default: a SHA-256 of the kind and the sorted content). */
  hash?(payload: P): string
  /** What the default hash covers (the trigger: nothing, one per payment). */
  hashed?(payload: P): unknown
  send(input: SendInput<P>): Promise<Sent | void>
  /**
   * Whether a message decided to go may go now, from the payment's state in the ledger and the
   * attempts made (the trigger: never for a payment no order holds; wait while it is reviewed).
   */
  gate?(ledgerStatus: string | undefined, attempts: number): GateDecision | undefined
  /** The merchant's switch that turns the kind off (`switches.ts`): off, an event records none. */
  switch?: SwitchKey
}

/** A gate's answer: not now (retried with backoff, `final` at the last attempt), or never. */
export type GateDecision = { action: "skip"; reason: string } | { action: "fail"; message: string; final: boolean }

/** An entry, with its word kept literal so the kinds' union derives from the list. */
export const defineKind = <const K extends string, P>(spec: KindSpec<K, P>) => spec
