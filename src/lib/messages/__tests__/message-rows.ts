import type { MessageRow } from "../policy"

/**
 * The message rows the policy's tests decide on (policy.unit.spec.ts, policy-edges.unit.spec.ts):
 * a pending row of one payment by default, at a minute of one day.
 */

type Fields = Partial<MessageRow> & Pick<MessageRow, "id" | "kind">

export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute))

export const row = (fields: Fields): MessageRow => ({
  status: "pending",
  attempts: 0,
  bnpl_payment_id: "payment_1",
  payload_hash: "h",
  created_at: at(1),
  ...fields,
})

/** A row the service accepted (the first of its kind). */
export const accepted = (fields: Fields) => row({ status: "accepted", accepted_sequence: 1, ...fields })

/** A status message saying `status`: its content, and its hash the word itself. */
export const statusRow = (id: string, status: string, fields: Partial<MessageRow> = {}) =>
  row({ id, kind: "status", payload: { status }, payload_hash: status, ...fields })
