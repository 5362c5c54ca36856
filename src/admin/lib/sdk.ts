import Medusa from "@medusajs/js-sdk"

/**
 * The admin's own session: the dashboard logs in with `auth: {type: "session"}`, so the
 * cookie it holds authenticates these calls too.
 */
export const sdk = new Medusa({
  baseUrl: __BACKEND_URL__ || "/",
  auth: { type: "session" },
})

/** The message of a failed call: the backend's own (a 400 names the field), else the status. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === "object") {
    const { message, status, statusText } = error as { message?: string; status?: number; statusText?: string }
    if (message) {
      return message
    }
    if (status) {
      return `The backend answered ${status}${statusText ? ` ${statusText}` : ""}`
    }
  }
  return "Something went wrong: check the backend's logs"
}

export const statusOf = (error: unknown): number | undefined =>
  error && typeof error === "object" ? (error as { status?: number }).status : undefined
