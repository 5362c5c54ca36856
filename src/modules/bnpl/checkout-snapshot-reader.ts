import type { CheckoutSnapshot } from "../../lib/shipping/checkout"
import type { Knex } from "./settings"

/**
 * The checkout snapshot a session points to (`data.checkout_id`), for the payment provider:
 * it runs in the payment module's container, without the bnpl module, so it reads the
 * module's table through the shared PostgreSQL connection, as it reads the settings.
 */
export async function readCheckoutSnapshot(
  knex: Knex | undefined,
  checkoutId: string | undefined
): Promise<CheckoutSnapshot | undefined> {
  if (!knex || !checkoutId) {
    return undefined
  }
  const row = await knex("bnpl_checkout_snapshot").where({ id: checkoutId }).whereNull("deleted_at").first("snapshot")
  return (row?.snapshot ?? undefined) as CheckoutSnapshot | undefined
}
