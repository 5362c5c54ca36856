import { model } from "@medusajs/framework/utils"

/**
 * The store's notification tokens: random secrets the plugin puts in the notification URL it
 * sends with each payment (`/hooks/bnpl/notification?token=...`, unless the account's signature
 * authenticates notifications), one per account: the rows `bnplnot_test` and `bnplnot_live`
 * hold each account's current token (`mode`), and a token opens only the payments of its own
 * account. A rotation copies the current token to a row of its own with `retired_at` set
 * (accepted a grace period longer for the payments made before) and gives the current row a new
 * one; "revoke now" gives it a new one and deletes the retired rows. The row `bnplnot_store`
 * (mode null) is the one token both accounts shared before, retired by the upgrade's migration.
 * The current rows' `created_at` is when the store's first token was made (payment sessions
 * older than it were created without a token, see `providers/bnpl/notification-check.ts`).
 * Read and made by `modules/bnpl/notification-secret.ts`.
 */
const BnplNotificationSecret = model.define("bnpl_notification_secret", {
  id: model.id({ prefix: "bnplnot" }).primaryKey(),
  token: model.text(),
  /** When a rotation replaced it (null: a current token). */
  retired_at: model.dateTime().nullable(),
  /** "test" | "live": the account whose payments were given it (null: shared, before tokens per account). */
  mode: model.text().nullable(),
})

export default BnplNotificationSecret
