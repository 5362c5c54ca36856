import { createHash, createHmac, timingSafeEqual } from "node:crypto"

/** Hex HMAC-SHA256 of the payment id keyed by the API key, as the service signs notifications. */
export function signPaymentId(paymentId: string, apiKey: string): string {
  return createHmac("sha256", apiKey).update(paymentId).digest("hex")
}

/** Constant-time check of a notification signature. */
export function isValidSignature(paymentId: string, signature: unknown, apiKey: string): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/i.test(signature)) {
    return false
  }
  const expected = Buffer.from(signPaymentId(paymentId, apiKey), "hex")
  const given = Buffer.from(signature, "hex")
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** How an account checks notification signatures (its effective options). */
export type SignatureOptions = {
  apiKey?: string
  verifyNotificationSignature?: boolean
  notificationSignatureHeader?: string
}

/** The account checks notification signatures: turned on, with the header to read and the key to check it. */
export function checksSignatures(account: SignatureOptions): boolean {
  return !!account.verifyNotificationSignature && !!account.notificationSignatureHeader && !!account.apiKey
}

/**
 * The one signature rule of every notification path: true when the account does not check
 * signatures, or its key signed the pid (the hex HMAC in the account's header).
 */
export function signedBy(
  account: SignatureOptions,
  pid: string,
  headers: Record<string, unknown> | undefined
): boolean {
  if (!account.verifyNotificationSignature || !account.notificationSignatureHeader) {
    return true
  }
  return hasValidSignature(account, pid, headers)
}

/**
 * The account's key signed the pid, in the account's header: this authenticates a notification
 * in place of the token, also after checking was turned off (payments made while it was on were
 * sent a URL without the token).
 */
export function hasValidSignature(
  account: SignatureOptions,
  pid: string,
  headers: Record<string, unknown> | undefined
): boolean {
  if (!account.notificationSignatureHeader || !account.apiKey) {
    return false
  }
  return isValidSignature(pid, headers?.[account.notificationSignatureHeader], account.apiKey)
}

/** Constant-time equality of two secrets of any length (compared as SHA-256 digests). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== "string" || !given || !expected) {
    return false
  }
  const digest = (value: string) => createHash("sha256").update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** A value from outside (a pid, a token) as it may appear in a log line: quoted, escaped, bounded. */
export function forLog(value: unknown): string {
  return JSON.stringify(String(value ?? "").slice(0, 100))
}
