import {
  acceptedTokensFor,
  legacyLookupOpen,
  NOTIFICATION_GRACE_MS,
  TOKEN_ISSUE_LAG_MS,
  tokenForUrl,
  tokensOfMode,
} from "../notification-token"

const DAY = 86_400_000
const now = new Date("2026-12-01T12:00:00Z")
const ago = (ms: number) => new Date(now.getTime() - ms)

describe("NOTIFICATION_GRACE_MS", () => {
  it("is 7 days: longer than a hosted page (60 min) and the service's notification retries", () => {
    expect(NOTIFICATION_GRACE_MS).toBe(7 * DAY)
  })
})

describe("tokenForUrl", () => {
  const checking = { apiKey: "sk_test_1", verifyNotificationSignature: true, notificationSignatureHeader: "x-sig" }

  it("leaves the token out when the account checks the signature", () => {
    expect(tokenForUrl(checking, "abc")).toBeUndefined()
  })

  it("puts it in when the account does not (or cannot) check it", () => {
    expect(tokenForUrl({ ...checking, verifyNotificationSignature: false }, "abc")).toBe("abc")
    expect(tokenForUrl({ ...checking, notificationSignatureHeader: undefined }, "abc")).toBe("abc")
    expect(tokenForUrl({ ...checking, apiKey: undefined }, "abc")).toBe("abc")
  })
})

describe("acceptedTokensFor", () => {
  const current = { token: "new", retired_at: null }
  const previous = { token: "old", retired_at: ago(DAY) }

  it("always accepts the current token", () => {
    expect(acceptedTokensFor([current, previous], ago(0), now)).toEqual(["new"])
  })

  it("accepts a previous token for payments made before it was retired, during the grace period", () => {
    expect(acceptedTokensFor([current, previous], ago(2 * DAY), now)).toEqual(["new", "old"])
    // Other instances may still have handed it out for a short while after the rotation.
    expect(acceptedTokensFor([current, previous], ago(DAY - TOKEN_ISSUE_LAG_MS + 1000), now)).toEqual(["new", "old"])
  })

  it("refuses a previous token once the grace period is over", () => {
    const long = { ...previous, retired_at: ago(NOTIFICATION_GRACE_MS + 1) }
    expect(acceptedTokensFor([current, long], ago(30 * DAY), now)).toEqual(["new"])
  })
})

describe("tokensOfMode", () => {
  const tokens = [
    { token: "test-now", retired_at: null, mode: "test" as const },
    { token: "live-now", retired_at: null, mode: "live" as const },
    { token: "test-before", retired_at: ago(DAY), mode: "test" as const },
    { token: "shared", retired_at: ago(DAY), mode: null },
  ]

  it("an account's payments may carry its own tokens and the one both shared before, never the other account's", () => {
    expect(tokensOfMode(tokens, "test").map((t) => t.token)).toEqual(["test-now", "test-before", "shared"])
    expect(tokensOfMode(tokens, "live").map((t) => t.token)).toEqual(["live-now", "shared"])
  })
})

describe("legacyLookupOpen", () => {
  it("looks up payments made before the token only during the grace period after the token was made", () => {
    expect(legacyLookupOpen(ago(DAY), now)).toBe(true)
    expect(legacyLookupOpen(ago(NOTIFICATION_GRACE_MS - 1), now)).toBe(true)
    expect(legacyLookupOpen(ago(NOTIFICATION_GRACE_MS), now)).toBe(false)
  })
})
