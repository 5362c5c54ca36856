import { createHmac, timingSafeEqual } from "node:crypto"

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
