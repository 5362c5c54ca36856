/** Which of the store's two accounts: the service's sandbox (test) or the real one (live). */
export type Mode = "test" | "live"
export const MODES: Mode[] = ["test", "live"]

/** The mode a payment was made in: payments made before modes existed used the live account. */
export function modeOf(data: { mode?: unknown } | null | undefined): Mode {
  return data?.mode === "test" ? "test" : "live"
}
