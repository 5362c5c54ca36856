import { model } from "@medusajs/framework/utils"

/**
 * The store's notification tokens: random secrets the plugin puts in the notification URL it
 * sends with each payment (`/hooks/bnpl/notification?token=...`, unless the account's signature
 * authenticates notifications). The row `bnplnot_store` holds the current token; its
 * `created_at` marks the upgrade (payment sessions older than it were created without a token,
 * see `providers/bnpl/notification-check.ts`). A rotation copies the current token to a row of
 * its own with `retired_at` set (accepted a grace period longer for the payments made before)
 * and gives `bnplnot_store` a new one. Read and made by `modules/bnpl/notification-secret.ts`.
 */
const BnplNotificationSecret = model.define("bnpl_notification_secret", {
  id: model.id({ prefix: "bnplnot" }).primaryKey(),
  token: model.text(),
  /** When a rotation replaced it (null: the current token). */
  retired_at: model.dateTime().nullable(),
})

export default BnplNotificationSecret
