import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { linksOfOrder, sendLink } from "../../../../../../workflows/payment-links/utils/links"
import type { AdminSendPaymentLinkBody } from "./validators"

/**
 * `GET /admin/bnpl/orders/:id/payment-links`: what the order owes on collections of its own (an
 * edit, a claim, an exchange, a converted draft order), each with its instalment link's state,
 * its address and the plans the service accepts for the amount.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ payment_links: await linksOfOrder(req.scope, req.params.id, new Date()) })
}

/**
 * `POST /admin/bnpl/orders/:id/payment-links` `{payment_collection_id}`: e-mails the link to the
 * order's address through Medusa's Notification Module (again: renewed for LINK_VALID_DAYS, a
 * cancelled link reopened). Not twice within a minute. Answers the order's links as GET does.
 */
export async function POST(req: MedusaRequest<AdminSendPaymentLinkBody>, res: MedusaResponse) {
  const now = new Date()
  const sent = await sendLink(req.scope, req.params.id, req.validatedBody.payment_collection_id, now)
  res.json({ sent, payment_links: await linksOfOrder(req.scope, req.params.id, now) })
}
