/**
 * The time a scheduled job runs for. Medusa calls a job's handler with its container and its
 * own context (`{ scheduledFor: Date }`, Medusa 2.21's job-loader); tests and the model pass a
 * time of their own (ms). A job whose second parameter defaulted to `Date.now()` took Medusa's
 * context for a time: every scheduled run failed on an invalid date.
 */
export type JobTime = number | { scheduledFor?: Date } | undefined

export function jobTime(at: JobTime): number {
  if (typeof at === "number") {
    return at
  }
  const scheduled = at?.scheduledFor?.getTime()
  return scheduled !== undefined && Number.isFinite(scheduled) ? scheduled : Date.now()
}
