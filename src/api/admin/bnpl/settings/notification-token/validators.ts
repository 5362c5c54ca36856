import { z } from "@medusajs/framework/zod"
import type { Mode } from "../../../../../lib/settings/mode"

/** `{mode?}`: the account whose notification token to rotate or revoke ("test" | "live"); both when left out. */
export const AdminNotificationTokenBody = z.object({ mode: z.enum(["test", "live"]).optional() }).strict()

export type AdminNotificationTokenBodyType = z.infer<typeof AdminNotificationTokenBody>

/** The accounts a body names: its `mode`, or both. */
export function accountsOf(body: AdminNotificationTokenBodyType | undefined): Mode[] | undefined {
  return body?.mode ? [body.mode] : undefined
}
