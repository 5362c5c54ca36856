import { allowedRedirectOrigins, redirectUrlProblem } from "../urls"

describe("storefront return and cancel URLs", () => {
  const allowed = allowedRedirectOrigins({
    storeCors: "http://localhost:8000, https://shop.example.com,/\\.preview\\.example\\.com$/",
    returnUrl: "https://checkout.example.com/bnpl-return",
  })

  it.each([
    "http://localhost:8000/checkout/bnpl-return?step=review",
    "https://shop.example.com/fr/checkout",
    "https://checkout.example.com/other-page",
    "https://pr-12.preview.example.com/return",
  ])("accepts %s", (url) => {
    expect(redirectUrlProblem("return_url", url, allowed)).toBeUndefined()
  })

  it.each([
    ["javascript:alert(1)", "http(s)"],
    ["https://evil.example.net/steal", "origin https://evil.example.net"],
    ["https://shop.example.com.evil.net/x", "is neither"],
    [`https://shop.example.com/${"a".repeat(5000)}`, "longer than 2048"],
    ["/relative/path", "absolute"],
    ["https://u:p@shop.example.com/", "user name"],
    [42, "must be a URL"],
  ])("refuses %s", (url, words) => {
    expect(redirectUrlProblem("return_url", url, allowed)).toContain(words)
  })

  it("names the fix a merchant can act on for a storefront on another origin", () => {
    expect(redirectUrlProblem("return_url", "http://localhost:8200/checkout/bnpl-return", allowed)).toContain(
      "Add http://localhost:8200 to STORE_CORS (http.storeCors in medusa-config.ts) and restart the server, or set the plugin's returnUrl option"
    )
  })
})
