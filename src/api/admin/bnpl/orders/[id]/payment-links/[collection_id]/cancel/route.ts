import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelLink, linksOfOrder } from "../../../../../../../../workflows/payment-links/utils/links"

/**
 * `POST /admin/bnpl/orders/:id/payment-links/:collection_id/cancel`: the link is refused on the
 * storefront from now on, and a payment the customer started with it and did not complete is
 * cancelled at the service (one the customer did pay becomes the order's). `closed` false: the
 * service could not be asked now; the hourly job finishes it.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const now = new Date()
  const closed = await cancelLink(req.scope, req.params.id, req.params.collection_id, now)
  res.json({ closed, payment_links: await linksOfOrder(req.scope, req.params.id, now) })
}
