import { EMPTY_SETTINGS } from "../changes"
import { verifyTarget } from "../verify"

const KEY = "sk_live_abcdefghijklmnop1234"
const production = { NODE_ENV: "production" }
const problemOf = (outcome: ReturnType<typeof verifyTarget>) => ("problem" in outcome ? outcome.problem : undefined)

/** Verify sends a key to a URL: the one URL rule of service-url.ts applies, as for a save. */
describe("Verify's destination (production https, apiHosts / BNPL_API_HOSTS)", () => {
  it("in production, refuses a typed http URL, except for localhost", () => {
    expect(problemOf(verifyTarget({ api_key: KEY, api_url: "http://api.example.com" }, {}, {}, production))).toMatch(
      /https in production/
    )
    const local = verifyTarget({ api_key: KEY, api_url: "http://localhost:4010" }, {}, {}, production)
    expect(local).toMatchObject({ apiKey: KEY, apiUrl: "http://localhost:4010" })
    expect(problemOf(verifyTarget({ api_key: KEY, api_url: "https://api.example.com" }, {}, {}, production))).toBe(
      undefined
    )
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
