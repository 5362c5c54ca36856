import {
  checksSignatures,
  forLog,
  hasValidSignature,
  isValidSignature,
  sameSecret,
  signedBy,
  signPaymentId,
} from "../signature"

const KEY = "sk_test_active_0000000000000000"
const PID = "payment_abc"
// `echo -n payment_abc | openssl dgst -sha256 -hmac sk_test_active_0000000000000000`
const PID_SIGNATURE = "013a9ff8419a066c624b5e2808ae7b2619f40e32a46d55cdb783dd7ae8dcc85b"

describe("signPaymentId", () => {
  it("is the hex HMAC-SHA256 of the payment id keyed by the API key", () => {
    expect(signPaymentId(PID, KEY)).toBe(PID_SIGNATURE)
  })

  it("matches RFC 4231 test case 2", () => {
    expect(signPaymentId("what do ya want for nothing?", "Jefe")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    )
  })

  it("depends on both the id and the key", () => {
    expect(signPaymentId("payment_abd", KEY)).not.toBe(PID_SIGNATURE)
    expect(signPaymentId(PID, "sk_test_inactive_000000000000000")).not.toBe(PID_SIGNATURE)
    expect(signPaymentId(PID, KEY)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe("isValidSignature", () => {
  it("accepts the right signature", () => {
    expect(isValidSignature(PID, PID_SIGNATURE, KEY)).toBe(true)
  })

  it("accepts it in upper case (hex is case-insensitive)", () => {
    expect(isValidSignature(PID, PID_SIGNATURE.toUpperCase(), KEY)).toBe(true)
  })

  it.each<[string, unknown]>([
    ["undefined", undefined],
    ["null", null],
    ["a number", 123],
    ["an array", [PID_SIGNATURE]],
    ["an empty string", ""],
    ["non-hex text", "not-a-signature"],
    ["the signature with a space", ` ${PID_SIGNATURE}`],
    ["one wrong hex digit", PID_SIGNATURE.slice(0, -1) + "c"],
    ["a truncated signature", PID_SIGNATURE.slice(0, 62)],
    ["half the signature", PID_SIGNATURE.slice(0, 32)],
    // Buffer.from(hex) drops a trailing odd nibble: these must not pass as the real one.
    ["the signature plus one hex digit", PID_SIGNATURE + "a"],
    ["the signature minus one hex digit", PID_SIGNATURE.slice(0, 63)],
    ["the signature twice", PID_SIGNATURE + PID_SIGNATURE],
    ["base64 of the same bytes", Buffer.from(PID_SIGNATURE, "hex").toString("base64")],
  ])("refuses %s", (_label, signature) => {
    expect(isValidSignature(PID, signature, KEY)).toBe(false)
  })

  it("refuses a signature made with another key or for another payment", () => {
    expect(isValidSignature(PID, signPaymentId(PID, "sk_test_other"), KEY)).toBe(false)
    expect(isValidSignature(PID, signPaymentId("payment_other", KEY), KEY)).toBe(false)
  })
})

describe("signedBy", () => {
  const checking = { apiKey: KEY, verifyNotificationSignature: true, notificationSignatureHeader: "x-bnpl-signature" }

  it("accepts anything when the account does not check signatures", () => {
    expect(signedBy({ apiKey: KEY }, PID, {})).toBe(true)
    expect(signedBy({ apiKey: KEY, verifyNotificationSignature: true }, PID, undefined)).toBe(true)
    expect(signedBy({ ...checking, verifyNotificationSignature: false }, PID, {})).toBe(true)
  })

  it("needs the account's key to have signed the pid, in the account's header", () => {
    expect(signedBy(checking, PID, { "x-bnpl-signature": PID_SIGNATURE })).toBe(true)
    expect(signedBy(checking, PID, { "x-other": PID_SIGNATURE })).toBe(false)
    expect(signedBy(checking, "payment_other", { "x-bnpl-signature": PID_SIGNATURE })).toBe(false)
    expect(signedBy({ ...checking, apiKey: "sk_test_other" }, PID, { "x-bnpl-signature": PID_SIGNATURE })).toBe(false)
  })

  it("refuses when the account checks signatures but has no key", () => {
    expect(signedBy({ ...checking, apiKey: undefined }, PID, { "x-bnpl-signature": PID_SIGNATURE })).toBe(false)
  })
})

describe("sameSecret", () => {
  it("accepts only the same secret", () => {
    expect(sameSecret("abc123", "abc123")).toBe(true)
    expect(sameSecret("abc124", "abc123")).toBe(false)
    expect(sameSecret("abc1234", "abc123")).toBe(false)
    expect(sameSecret(undefined, "abc123")).toBe(false)
    expect(sameSecret(["abc123"], "abc123")).toBe(false)
    expect(sameSecret("", "")).toBe(false)
  })
})

describe("forLog", () => {
  it("quotes and escapes what came from outside, and bounds it", () => {
    expect(forLog("payment_x\nINFO forged")).toBe('"payment_x\\nINFO forged"')
    expect(forLog("\u001b[31mred")).toBe('"\\u001b[31mred"')
    expect(forLog("a".repeat(500))).toHaveLength(102)
    expect(forLog(undefined)).toBe('""')
  })
})

describe("checksSignatures / hasValidSignature", () => {
  const checking = { apiKey: KEY, verifyNotificationSignature: true, notificationSignatureHeader: "x-bnpl-signature" }

  it("an account checks signatures when it is on and has a header and a key", () => {
    expect(checksSignatures(checking)).toBe(true)
    expect(checksSignatures({ ...checking, verifyNotificationSignature: false })).toBe(false)
    expect(checksSignatures({ ...checking, notificationSignatureHeader: undefined })).toBe(false)
    expect(checksSignatures({ ...checking, apiKey: undefined })).toBe(false)
  })

  it("a valid signature in the account's header authenticates, also when checking was turned off since", () => {
    expect(hasValidSignature(checking, PID, { "x-bnpl-signature": PID_SIGNATURE })).toBe(true)
    expect(
      hasValidSignature({ ...checking, verifyNotificationSignature: false }, PID, { "x-bnpl-signature": PID_SIGNATURE })
    ).toBe(true)
    expect(hasValidSignature(checking, PID, {})).toBe(false)
    expect(hasValidSignature(checking, PID, undefined)).toBe(false)
    expect(
      hasValidSignature({ ...checking, notificationSignatureHeader: undefined }, PID, {
        "x-bnpl-signature": PID_SIGNATURE,
      })
    ).toBe(false)
    expect(
      hasValidSignature({ ...checking, apiKey: "sk_test_other" }, PID, { "x-bnpl-signature": PID_SIGNATURE })
    ).toBe(false)
  })
})
