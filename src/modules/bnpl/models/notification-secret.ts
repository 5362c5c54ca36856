import { model } from "@medusajs/framework/utils"

/**
 * The store's notification token: a random secret the plugin puts in the notification URL it
 * sends with each payment (`/hooks/bnpl/notification?token=...`). One row per store, made on
 * first use; its `created_at` marks the upgrade (payment sessions older than it were created
 * without the token, see `providers/bnpl/notification-check.ts`; read and made by
 * `modules/bnpl/notification-secret.ts`).
 */
const BnplNotificationSecret = model.define("bnpl_notification_secret", {
  id: model.id({ prefix: "bnplnot" }).primaryKey(),
  token: model.text(),
})

export default BnplNotificationSecret
