import { createHash } from "node:crypto"

/**
 * SHA-256 of a JSON value, stable across key order and the order of arrays (lists are compared
 * as sets: the same options or items in another order are the same information). Keys whose
 * value is undefined count as absent, as they are once stored as JSON.
 */
export function stableHash(value: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v
          .map(stable)
          .map((item) => JSON.stringify(item))
          .sort()
          .map((json) => JSON.parse(json))
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, stable((v as any)[k])])
          )
        : v
  return createHash("sha256")
    .update(JSON.stringify(stable(value)) ?? "")
    .digest("hex")
}
