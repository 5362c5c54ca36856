import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "../../../../../modules/bnpl/ledger"
import { reconcilePayments } from "../../../../../workflows/reconciliation/utils/compare"
import { reconciliationView } from "../view"

/** Seconds between two "Check now" in this process: each run may read up to 100 payments at the service. */
const INTERVAL_S = 30
let lastRun = 0

/**
 * `POST /admin/bnpl/reconciliation/run`: "Check now": the job's comparison run at once (its
 * bounded service reads), then the page's view. At most one every 30 seconds per process (429
 * with Retry-After), so a thousand clicks cost one run's reads.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const waitS = Math.ceil((lastRun + INTERVAL_S * 1000 - Date.now()) / 1000)
  if (waitS > 0) {
    res.setHeader("Retry-After", String(waitS))
    res.status(429).json({ type: "too_many_requests", message: `Checked moments ago: try again in ${waitS} s.` })
    return
  }
  lastRun = Date.now()
  await reconcilePayments(req.scope)
  const knex = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  res.json(await reconciliationView(knex, false))
}
