import { BnplClient } from "../client"
import { hostedPageUrlProblem } from "../hosted-page-url"
import { paymentInput } from "./client-fixtures"
import { useHostedPageService } from "./hosted-page-service"

/**
 * Issue 44 (S1): the hosted page the customer is sent to (storefronts call
 * `location.assign` with it): http(s) only, and on the service's hosts when the store lists them.
 */
const SERVICE = "https://api.service.example"
const dev = { production: false }
const prod = { production: true, allowedHosts: ["api.service.example"], hostsFrom: "configured URLs" as const }

describe("hostedPageUrlProblem", () => {
  it.each([
    "javascript:alert(document.domain)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "blob:https://api.service.example/1",
    "ftp://api.service.example/p/1",
    "not a url",
    "",
  ])("refuses %s, in any environment", (url) => {
    expect(hostedPageUrlProblem(url, SERVICE, dev)).toBeDefined()
    expect(hostedPageUrlProblem(url, SERVICE, { anyHost: true })).toBeDefined()
  })

  it("refuses what is not a text, a user name in the URL and an overlong URL", () => {
    expect(hostedPageUrlProblem(undefined, SERVICE, dev)).toMatch(/not a URL/)
    expect(hostedPageUrlProblem("https://api.service.example@evil.example/p", SERVICE, dev)).toMatch(/user name/)
    expect(hostedPageUrlProblem(`https://api.service.example/${"a".repeat(2048)}`, SERVICE, dev)).toMatch(/2048/)
  })

  it("http only on a local host: outside production, or the service's own local host in production", () => {
    expect(hostedPageUrlProblem("http://127.0.0.1:4010/pay/1", "http://127.0.0.1:4010", dev)).toBeUndefined()
    expect(hostedPageUrlProblem("http://localhost:4010/pay/1", SERVICE, dev)).toBeUndefined()
    expect(hostedPageUrlProblem("http://pay.service.example/p/1", SERVICE, dev)).toMatch(/https:/)
    const prodLocal = { production: true, allowedHosts: ["127.0.0.1"] }
    expect(hostedPageUrlProblem("http://127.0.0.1:4010/pay/1", "http://127.0.0.1:4010", prodLocal)).toBeUndefined()
    expect(hostedPageUrlProblem("http://localhost:4010/pay/1", SERVICE, { production: true })).toMatch(/https:/)
  })

  it("with allowed hosts: the service's own host or a listed one; without a list, any", () => {
    expect(hostedPageUrlProblem("https://api.service.example/pay/1", SERVICE, prod)).toBeUndefined()
    expect(hostedPageUrlProblem("https://evil.example/pay/1", SERVICE, prod)).toMatch(/neither the service's/)
    const listed = { production: true, allowedHosts: ["*.service.example"] }
    expect(hostedPageUrlProblem("https://pay.service.example/p/1", SERVICE, listed)).toBeUndefined()
    expect(hostedPageUrlProblem("https://pay.evil.example/p/1", SERVICE, listed)).toBeDefined()
    expect(hostedPageUrlProblem("https://pay.example/p/1", SERVICE, dev)).toBeUndefined()
    expect(
      hostedPageUrlProblem("https://pay.example/p/1", SERVICE, { anyHost: true, production: true })
    ).toBeUndefined()
  })

  it("never quotes the refused URL itself", () => {
    expect(hostedPageUrlProblem("javascript:steal('secret-token')", SERVICE, dev)).not.toContain("secret-token")
  })
})

describe("the client given the store's rules (the provider's): the hosted page's host", () => {
  const service = useHostedPageService("payment_hosted_1")

  const create = (urlRules: object) =>
    new BnplClient({ apiKey: "sk_test_active_0000000000000000", baseUrl: service.baseUrl, retryDelayMs: 5, urlRules })
      .createPayment(paymentInput())
      .then(
        (p) => p.url,
        (e) => `refused: ${e.code}`
      )

  it("its own host is accepted; another is refused as a malformed answer when the store lists hosts", async () => {
    const listed = { production: false, allowedHosts: ["127.0.0.1"] }
    service.answerUrl = `${service.baseUrl}/pay/1`
    expect(await create(listed)).toBe(service.answerUrl)
    service.answerUrl = "https://evil.example/pay/1"
    expect(await create(listed)).toBe("refused: malformed_answer")
    expect(await create({ production: false })).toBe(service.answerUrl)
  })
})
