import { createHash } from "node:crypto"

/** SHA-256 of a kind and its content with keys sorted and absent fields left out (arrays keep their order). */
export function stableJsonHash(kind: string, payload: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .filter((k) => (v as any)[k] !== undefined)
              .map((k) => [k, stable((v as any)[k])])
          )
        : v
  return createHash("sha256")
    .update(`${kind}\n${JSON.stringify(stable(payload))}`)
    .digest("hex")
}
