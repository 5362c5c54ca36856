import { SWITCHES, type SwitchOptions } from "../../settings/switches"
import { stableJsonHash } from "./hash"
import type { KindSpec, MessageEvent, RecordedRow } from "./kind"
import { orderReferenceKind } from "./order"
import { shippingInfoKind } from "./shipping-info"
import { orderStatusKind } from "./status"
import { trackingKind } from "./tracking"
import { triggerKind } from "./trigger"

export * from "./kind"

/**
 * Every kind of message the plugin sends the service, in the order one event records them: the
 * order reference first (status and tracking name it, so a push sends it before the others, which
 * then go side by side), the trigger next (the money matters most), then the shipping
 * information, the parcels and the status. The order read, the push, the retry, the admin view
 * and the HTTP types derive from this list.
 */
export const KINDS = [orderReferenceKind, triggerKind, shippingInfoKind, trackingKind, orderStatusKind] as const

/** The kind the others may need accepted first: the order attached to the service payment. */
export const REFERENCE_KIND: string = orderReferenceKind.kind

export type MessageKind = (typeof KINDS)[number]["kind"]

const BY_KIND = new Map<string, KindSpec>(KINDS.map((k) => [k.kind, k as KindSpec]))

/** The entry of a recorded kind (undefined for an unknown word). */
export const kindOf = (kind: string): KindSpec | undefined => BY_KIND.get(kind)

/** Whether the merchant's switches leave a kind on (a kind with no switch of its own always is). */
export const switchedOn = (spec: Pick<KindSpec, "switch">, switches: SwitchOptions = {}): boolean =>
  !spec.switch || switches[SWITCHES[spec.switch].option] !== false

/** The kinds an event may record, given what was recorded for the order before and the store's switches. */
export function kindsFor(
  event: MessageEvent,
  recorded: RecordedRow[],
  only?: readonly string[],
  switches?: SwitchOptions
): KindSpec[] {
  return (KINDS as readonly KindSpec[]).filter(
    (k) =>
      k.on.includes(event) &&
      (!only || only.includes(k.kind)) &&
      switchedOn(k, switches) &&
      (k.wanted?.(event, recorded) ?? true)
  )
}

/** What the order read of an event asks for: the union of its kinds' fields (and the reference's). */
export function orderFieldsFor(kinds: KindSpec[]): string[] {
  const withReference = kinds.some((k) => k.bringsReference) ? [...kinds, orderReferenceKind as KindSpec] : kinds
  return [...new Set(withReference.flatMap((k) => k.orderFields))]
}

/** A stable SHA-256 of a message's content, per kind. */
export function hashMessage(kind: string, payload: unknown): string {
  const spec = kindOf(kind)
  if (spec?.hash) return spec.hash(payload)
  return stableJsonHash(kind, spec?.hashed ? spec.hashed(payload) : payload)
}
