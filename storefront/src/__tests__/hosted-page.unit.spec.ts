import { hostedPageUrl } from "../hosted-page"

/** Issue 44 (S1): what the kit lets a storefront hand to `location.assign`. */
describe("hostedPageUrl", () => {
  it.each(["https://pay.example/p/1", "http://localhost:4010/pay/1", "http://127.0.0.1:4010/pay/1", "http://shop.localhost/pay"])(
    "hands out %s",
    (url) => expect(hostedPageUrl(url)).toBe(url)
  )

  it.each([
    "javascript:alert(1)",
    " javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http://pay.example/p/1",
    "//evil.example/p",
    "/pay/1",
    "",
  ])("never hands out %j", (url) => expect(hostedPageUrl(url)).toBeUndefined())

  it("nothing that is not a text", () => {
    expect(hostedPageUrl(undefined)).toBeUndefined()
    expect(hostedPageUrl({ href: "https://pay.example" })).toBeUndefined()
  })
})
