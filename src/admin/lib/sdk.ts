import Medusa from "@medusajs/js-sdk"
import type { Translate } from "./i18n"

/**
 * The admin's own session: the dashboard logs in with `auth: {type: "session"}`, so the
 * cookie it holds authenticates these calls too.
 */
export const sdk = new Medusa({
  baseUrl: __BACKEND_URL__ || "/",
  auth: { type: "session" },
})

/**
 * The message of a failed call: the backend's own (a 400 names the field; it stays in English,
 * as the backend writes it), else the status in the user's language.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (error && typeof error === "object") {
    const { message, status, statusText } = error as { message?: string; status?: number; statusText?: string }
    if (message) {
      return message
    }
    if (status) {
      return t("errors.backendAnswered", { status: `${status}${statusText ? ` ${statusText}` : ""}` })
    }
  }
  return t("errors.unknown")
}
