/**
 * Secrets that may sit in a text we log or show: the store's notification token rides in the
 * notification URL (`?token=`), which the service may quote in an error (a URL it refused) and
 * which request logs write as they got it. One rule for every such text.
 */

/**
 * `...notification?token=abc&pid=1` → `...notification?token=[redacted]&pid=1`; also written
 * URL-encoded inside another URL (`token%3Dabc`). The value ends where a URL's parameter ends.
 */
export function redactUrlTokens(text: string): string {
  return text.replace(/([?&;]token=|token%3D)[^&#\s"'<>%]*/gi, "$1[redacted]")
}
