import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "../../../../modules/bnpl/ledger"
import { reconciliationView } from "./view"

/**
 * `GET /admin/bnpl/reconciliation`: the instalment payments of the last 90 days whose service
 * side and Medusa side differ (`?all=true`: every one compared), as the hourly job last compared
 * them: no service call here, whoever calls it and however often.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const knex = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const query = (req.validatedQuery ?? {}) as { all?: string }
  res.json(await reconciliationView(knex, query.all === "true"))
}
