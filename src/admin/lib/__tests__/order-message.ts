import type { OrderMessageView } from "../../../lib/http/http-types"

/** A message of the order's timeline as the admin API gives it: a shipped status, sent; `fields` change it. */
export const orderMessage = (fields: Partial<OrderMessageView>): OrderMessageView => ({
  id: "bnplmsg_1",
  kind: "status",
  status: "accepted",
  outcome: "sent",
  trigger: "shipment_created",
  attempts: 1,
  last_error: null,
  content: { status: "shipped", is_shipped: true },
  accepted_at: null,
  fulfillment_id: null,
  next_attempt_at: null,
  created_at: "2026-03-12T10:00:00.000Z",
  can_push_again: false,
  ...fields,
})
