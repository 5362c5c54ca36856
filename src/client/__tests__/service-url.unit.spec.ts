import http from "node:http"
import type { AddressInfo } from "node:net"
import { BnplClient } from "../client"
import { BnplServiceError } from "../errors"
import { allowedHostsFrom, isInternalHost, serviceUrlProblem, serviceUrlRules } from "../service-url"

const KEY = "sk_test_service_url_000000000000"

describe("serviceUrlProblem: where the key may be sent", () => {
  it.each([
    ["https://api.example.com", {}],
    ["https://api.example.com/", {}],
    // In production the backend's own network only when listed by its exact name (its http too).
    ["http://localhost:4010", { production: true, allowedHosts: ["localhost"] }],
    ["http://127.0.0.1:4010", { production: true, allowedHosts: ["127.0.0.1"] }],
    ["https://[fd00::5]:8443", { production: true, allowedHosts: ["[fd00::5]"] }],
    // A client given a URL the settings merge checked (clientFor): shape and https only.
    ["http://127.0.0.1:4010", { production: true, anyHost: true }],
    ["http://sandbox.internal:4010", { production: false }],
    ["https://api.example.com", { allowedHosts: ["api.example.com"] }],
    ["https://eu.api.example.com", { allowedHosts: ["*.api.example.com"] }],
  ])("%s is a service URL (%j)", (url, rules) => {
    expect(serviceUrlProblem(url, rules)).toBeUndefined()
  })

  it.each([
    ["ftp://api.example.com", {}, "http(s)"],
    ["api.example.com", {}, "http(s) URL"],
    ["", {}, "service's URL"],
    ["https://user:pass@api.example.com", {}, "user name or password"],
    ["https://api.example.com/?next=x", {}, "query string"],
    ["https://api.example.com/#x", {}, "fragment"],
    ["http://api.example.com", { production: true }, "https in production"],
    ["https://evil.example.net", { allowedHosts: ["api.example.com"] }, "not one of the allowed"],
    ["https://api.example.com.evil.net", { allowedHosts: ["*.example.com"] }, "not one of the allowed"],
    [`https://api.example.com/${"a".repeat(2100)}`, {}, "longer than 2048"],
    ["http://127.0.0.1:6379", { production: true }, "own network"],
    ["http://localhost:4010", { production: true }, "own network"],
    ["https://10.0.0.5:8443", { production: true }, "own network"],
    ["https://172.20.1.1", { production: true }, "own network"],
    ["https://192.168.1.10", { production: true }, "own network"],
    ["https://169.254.169.254", { production: true }, "own network"],
    ["https://100.64.0.1", { production: true }, "own network"],
    ["http://[::1]:4010", { production: true }, "own network"],
    ["https://[fe80::1]", { production: true }, "own network"],
    ["https://[fd12:3456::1]", { production: true }, "own network"],
    ["https://[::ffff:10.0.0.1]", { production: true }, "own network"],
    ["http://2130706433:4010", { production: true }, "own network"],
    ["https://0x7f.1", { production: true }, "own network"],
    ["https://10.0.0.5", { production: true, allowedHosts: ["*.0.0.5"] }, "own network"],
    ["https://10.0.0.5", { production: true, allowedHosts: ["api.example.com"] }, "own network"],
  ])("%s is refused (%j): %s", (url, rules, words) => {
    expect(serviceUrlProblem(url, rules)).toContain(words)
  })

  it("never repeats a password given in the URL", () => {
    expect(serviceUrlProblem("https://user:hunter2@api.example.com")).not.toContain("hunter2")
  })

  it("reads the allowed hosts from the option, else BNPL_API_HOSTS", () => {
    expect(allowedHostsFrom(undefined, {})).toBeUndefined()
    expect(allowedHostsFrom(undefined, { BNPL_API_HOSTS: " API.example.com, *.sandbox.example.com ," })).toEqual([
      "api.example.com",
      "*.sandbox.example.com",
    ])
    expect(allowedHostsFrom(["a.example.com"], { BNPL_API_HOSTS: "b.example.com" })).toEqual(["a.example.com"])
  })

  it("in production without apiHosts, allows only the hosts of the configured service URLs", () => {
    const production = { NODE_ENV: "production" }
    expect(serviceUrlRules({}, production)).toEqual({
      production: true,
      allowedHosts: [],
      hostsFrom: "configured URLs",
    })
    const configured = serviceUrlRules(
      { apiUrl: "https://api.bnpl.example.com/" },
      { ...production, BNPL_API_URL_TEST: "http://127.0.0.1:4010" }
    )
    expect(configured.allowedHosts).toEqual(["api.bnpl.example.com", "127.0.0.1"])
    expect(serviceUrlProblem("https://api.bnpl.example.com", configured)).toBeUndefined()
    // The configured sandbox on this machine is the operator's choice: allowed, its other ports too.
    expect(serviceUrlProblem("http://127.0.0.1:4010", configured)).toBeUndefined()
    expect(serviceUrlProblem("https://collector.attacker.example", configured)).toContain(
      "hosts of this server's configured service URLs"
    )
    expect(serviceUrlProblem("https://10.0.0.5", configured)).toContain("own network")
    expect(serviceUrlProblem("https://anything.example", serviceUrlRules({}, production))).toContain(
      "configured service URLs (apiUrl / testApiUrl, BNPL_API_URL / BNPL_API_URL_TEST: none)"
    )
    // apiHosts / BNPL_API_HOSTS replace that default; development keeps any host (the local sandbox).
    expect(serviceUrlRules({ apiHosts: ["api.example.com"], apiUrl: "https://x.example.com" }, production)).toEqual({
      production: true,
      allowedHosts: ["api.example.com"],
    })
    expect(serviceUrlRules({ apiUrl: "https://x.example.com" }, { NODE_ENV: "development" })).toEqual({
      production: false,
    })
    expect(serviceUrlProblem("http://127.0.0.1:4010", serviceUrlRules({}, { NODE_ENV: "test" }))).toBeUndefined()
  })

  it("knows the backend's own network by its address", () => {
    for (const internal of ["localhost", "app.localhost", "127.0.0.1", "[::1]", "10.1.2.3", "[fc00::1]", "0.0.0.0"]) {
      expect([internal, isInternalHost(internal)]).toEqual([internal, true])
    }
    for (const external of ["api.example.com", "8.8.8.8", "172.32.0.1", "100.128.0.1", "[2001:db8::1]", "10.example"]) {
      expect([external, isInternalHost(external)]).toEqual([external, false])
    }
  })
})

describe("the client only talks to its own URL", () => {
  let foreign: http.Server
  let foreignUrl: string
  let foreignHits: string[]
  let server: http.Server
  let serverUrl: string
  let answer: (res: http.ServerResponse) => void

  beforeAll(async () => {
    foreignHits = []
    foreign = http.createServer((req, res) => {
      foreignHits.push(String(req.headers.authorization ?? ""))
      res.end("{}")
    })
    server = http.createServer((_req, res) => answer(res))
    await Promise.all([foreign, server].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))))
    foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await Promise.all([foreign, server].map((s) => new Promise((r) => s.close(r))))
  })
  beforeEach(() => {
    foreignHits = []
  })

  // The default 10 s timeout: beyond jest's 5 s per test, so a busy machine's slow answer is never a timeout.
  const client = () => new BnplClient({ apiKey: KEY, baseUrl: serverUrl, retries: 0 })
  const failure = async (p: Promise<unknown>) => {
    try {
      await p
    } catch (e) {
      expect(e).toBeInstanceOf(BnplServiceError)
      return e as BnplServiceError
    }
    throw new Error("expected a failure")
  }

  it("does not follow a redirect (the key never reaches the other host)", async () => {
    answer = (res) => {
      res.writeHead(307, { location: `${foreignUrl}/v1/payments/eligibility` })
      res.end()
    }
    const error = await failure(client().checkEligibility({ purchase_amount: 10000 }))
    expect(error.code).toBe("unavailable")
    expect(error.message).toContain("redirect (HTTP 307), which is not followed")
    expect(foreignHits).toHaveLength(0)
  })

  it("does not read an answer larger than 1 MB", async () => {
    answer = (res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(`{"eligible": true, "pad": "${"x".repeat(1100 * 1024)}"}`)
    }
    const error = await failure(client().checkEligibility({ purchase_amount: 10000 }))
    expect(error.code).toBe("unavailable")
    expect(error.message).toContain("larger than 1 MB")
  })

  it("quotes the service's error text only briefly", async () => {
    answer = (res) => {
      res.writeHead(500, { "content-type": "application/json" })
      res.end(JSON.stringify({ message: "x".repeat(5000) }))
    }
    const error = await failure(client().checkEligibility({ purchase_amount: 10000 }))
    expect(error.message.length).toBeLessThan(400)
  })

  it("a 400 with an error code and no field is a refused request, not an inactive account", async () => {
    answer = (res) => {
      res.writeHead(400, { "content-type": "application/json" })
      res.end(JSON.stringify({ error_code: "invalid_json", message: "Body is not valid JSON" }))
    }
    expect((await failure(client().checkEligibility({ purchase_amount: 10000 }))).code).toBe("invalid_request")
  })

  it("a bare 400 (the contract's own answer) is an inactive account", async () => {
    answer = (res) => {
      res.writeHead(400)
      res.end()
    }
    expect((await failure(client().checkEligibility({ purchase_amount: 10000 }))).code).toBe("not_activated")
  })

  it("refuses to be built for a URL that is not a service URL", () => {
    expect(() => new BnplClient({ apiKey: KEY, baseUrl: "https://u:p@api.example.com" })).toThrow(
      "user name or password"
    )
    expect(
      () => new BnplClient({ apiKey: KEY, baseUrl: "http://api.example.com", urlRules: { production: true } })
    ).toThrow("https in production")
  })
})
