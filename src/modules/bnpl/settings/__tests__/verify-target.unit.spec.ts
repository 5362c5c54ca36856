import { EMPTY_SETTINGS } from "../changes"
import { verifyTarget } from "../verify"

const KEY = "sk_live_abcdefghijklmnop1234"
const production = { NODE_ENV: "production" }
const problemOf = (outcome: ReturnType<typeof verifyTarget>) => ("problem" in outcome ? outcome.problem : undefined)

/** Verify sends a key to a URL: the one URL rule of service-url.ts applies, as for a save. */
describe("Verify's destination (production https, apiHosts / BNPL_API_HOSTS)", () => {
  it("in production, refuses a typed http URL, except for localhost when it is listed", () => {
    expect(problemOf(verifyTarget({ api_key: KEY, api_url: "http://api.example.com" }, {}, {}, production))).toMatch(
      /https in production/
    )
    const local = verifyTarget(
      { api_key: KEY, api_url: "http://localhost:4010" },
      {},
      { apiHosts: ["localhost"] },
      production
    )
    expect(local).toMatchObject({ apiKey: KEY, apiUrl: "http://localhost:4010" })
    const configured = { ...production, BNPL_API_URL: "https://api.example.com" }
    expect(problemOf(verifyTarget({ api_key: KEY, api_url: "https://api.example.com" }, {}, {}, configured))).toBe(
      undefined
    )
  })

  it("in production without apiHosts, only the configured service URLs' hosts, never the backend's own network", () => {
    const typed = (api_url: string, env: NodeJS.ProcessEnv = production, options = {}) =>
      problemOf(verifyTarget({ api_key: KEY, api_url }, {}, options, env))
    expect(typed("https://api.example.com")).toMatch(/configured service URLs .*: none/)
    expect(typed("http://127.0.0.1:6379")).toMatch(/own network/)
    expect(typed("https://10.0.0.5:8443")).toMatch(/own network/)
    const configured = { ...production, BNPL_API_URL_TEST: "https://sandbox.example.com" }
    expect(typed("https://sandbox.example.com", configured)).toBe(undefined)
    expect(typed("https://look-alike.example.net", configured)).toMatch(/not one of the allowed service hosts/)
    // The hosts of the plugin options' URLs count too, for both accounts.
    expect(typed("https://api.example.com", production, { apiUrl: "https://api.example.com" })).toBe(undefined)
    // Outside production (the test suites' and the demo's local sandbox), any host as before.
    expect(typed("http://127.0.0.1:6379", { NODE_ENV: "test" })).toBe(undefined)
  })

  it("honours apiHosts and BNPL_API_HOSTS", () => {
    const typed = { api_key: KEY, api_url: "https://evil.example.net" }
    expect(problemOf(verifyTarget(typed, {}, { apiHosts: ["api.example.com"] }, {}))).toMatch(/not one of the allowed/)
    expect(problemOf(verifyTarget(typed, {}, {}, { BNPL_API_HOSTS: "*.example.com" }))).toMatch(
      /not one of the allowed/
    )
    expect(
      problemOf(
        verifyTarget({ api_key: KEY, api_url: "https://eu.example.com" }, {}, {}, { BNPL_API_HOSTS: "*.example.com" })
      )
    ).toBe(undefined)
  })

  it("checks a saved URL too: a typed key is not sent to a URL the rules no longer allow", () => {
    // Saved without a key, before BNPL_API_HOSTS was set (or before production).
    const stored = { row: { id: "bnplset_1", ...EMPTY_SETTINGS, api_url: "http://old.example.net" } }
    expect(problemOf(verifyTarget({ api_key: KEY }, stored, {}, { BNPL_API_HOSTS: "api.example.com" }))).toMatch(
      /not one of the allowed/
    )
    expect(problemOf(verifyTarget({ api_key: KEY }, stored, {}, production))).toMatch(/https in production/)
  })

  it("gives the client the same rules (its own check, defence in depth)", () => {
    const outcome = verifyTarget(
      { api_key: KEY, api_url: "https://api.example.com" },
      {},
      {},
      {
        NODE_ENV: "production",
        BNPL_API_HOSTS: "api.example.com",
      }
    )
    expect(outcome).toMatchObject({ urlRules: { production: true, allowedHosts: ["api.example.com"] } })
  })
})
