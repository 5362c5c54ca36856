import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../../../modules/bnpl/service"
import { ledgerRow, type Knex } from "../../../../../../modules/bnpl/ledger"
import { settleAndRecord } from "../../../../../../modules/bnpl/ledger-settling"
import { modeOf } from "../../../../../../lib/settings/mode"

/**
 * `POST /admin/bnpl/payments/:id/settle`: settle a payment without an order now (the merchant's
 * "Try again" on a `to_settle` or `failed` one). Safe to repeat: the payment is fetched first, so
 * a refund already made (even one whose answer was lost) is never made twice.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const knex = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const row = await ledgerRow(knex, req.params.id)
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No instalment payment ${req.params.id}`)
  }
  if (row.status !== "to_settle" && row.status !== "failed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `This payment is ${row.status}: there is nothing to settle`)
  }
  const options = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
  try {
    // The merchant's attempt never makes it `failed` by itself: counted on at most 10 before.
    await settleAndRecord(
      knex,
      options,
      row,
      { timeoutMs: 10_000, retries: 0 },
      { ...row, attempts: Math.min(row.attempts, 10) }
    )
  } catch (e) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Not settled: ${(e as Error).message}`)
  }
  const updated = (await ledgerRow(knex, row.id))!
  res.json({
    payment: {
      id: updated.id,
      status: updated.status,
      refunded_amount: updated.refunded_amount,
      settled_at: updated.settled_at,
    },
  })
}
