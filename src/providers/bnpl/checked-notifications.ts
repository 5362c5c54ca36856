/**
 * Notifications the plugin's own route has already passed through the notification check, so
 * the provider (called by the route through Medusa's payment module) does not check them a
 * second time. Held as object identities in this process, never as a field of the payload:
 * Medusa's public webhook route hands the provider whatever body a caller sent, so a flag in the
 * body could be forged, an object in this set cannot. A miss (another copy of this module)
 * only means the check runs again.
 */
const checked = new WeakSet<object>()

/** The route's payload for a notification that passed the check. */
export function markChecked<T extends object>(payload: T): T {
  checked.add(payload)
  return payload
}

export function wasChecked(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && checked.has(payload)
}
