import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { inBatches, retentionCutoffs } from "../lib/settings/retention"
import { BNPL_MODULE } from "../modules/bnpl/module-name"
import {
  deleteEndedCheckouts,
  deleteExpiredCheckouts,
  deleteUnpaidCheckouts,
  stripOrderedCheckouts,
} from "../modules/bnpl/checkout-retention"
import type { Knex } from "../modules/bnpl/ledger"
import type BnplModuleService from "../modules/bnpl/service"

export type RetentionLimits = { batchSize?: number; maxBatches?: number }

/**
 * The customer data kept with each checkout goes once nothing needs it: when its payment ended
 * without an order, when no payment was made with it, when an order holds it (only the offered
 * shipping options stay, for the shipping sync), and after `checkoutRetentionDays` in any case.
 */
export default async function forgetCheckoutData(container: MedusaContainer) {
  await forgetCheckoutDataAt(container, Date.now())
}

/** The job's run as of `now` (tests pass a later time); at most `maxBatches` × `batchSize` rows per rule. */
export async function forgetCheckoutDataAt(
  container: MedusaContainer,
  now: number,
  { batchSize = 500, maxBatches = 10 }: RetentionLimits = {}
) {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const { checkoutRetentionDays } = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
  const { keptBefore, unpaidBefore } = retentionCutoffs(now, checkoutRetentionDays)
  const batches = (batch: (size: number) => Promise<number>) => inBatches(batch, batchSize, maxBatches)
  const done = {
    ended: await batches((n) => deleteEndedCheckouts(knex, n)),
    unpaid: await batches((n) => deleteUnpaidCheckouts(knex, unpaidBefore, n)),
    stripped: await batches((n) => stripOrderedCheckouts(knex, n)),
    expired: await batches((n) => deleteExpiredCheckouts(knex, keptBefore, n)),
  }
  if (Object.values(done).some(Boolean)) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `BNPL checkout data forgotten: ${done.ended} ended without an order, ${done.unpaid} without a payment, ${done.stripped} held by an order (personal data removed), ${done.expired} past ${checkoutRetentionDays} days`
      )
  }
  return done
}

export const config = {
  name: "bnpl-forget-checkout-data",
  schedule: "*/10 * * * *",
}
