import {
  clientAddress,
  clientKey,
  clientKeyOf,
  normalizeAddress,
  parseTrustedProxies,
  trustedProxiesProblems,
  undeclaredProxyWarning,
  type TrustedProxies,
} from "../client-address"

/** A request from `socket`, with `X-Forwarded-For: forwarded` when given. */
const from = (socket: string | undefined, forwarded?: string) => ({
  socket: { remoteAddress: socket },
  headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
})

describe("clientAddress: who the client is", () => {
  it("is the socket's address when no proxy is declared, whatever X-Forwarded-For says", () => {
    expect(clientAddress(from("198.51.100.10"))).toBe("198.51.100.10")
    expect(clientAddress(from("198.51.100.10", "203.0.113.50"))).toBe("198.51.100.10")
    expect(clientAddress(from("198.51.100.10", "203.0.113.50"), [])).toBe("198.51.100.10")
    expect(clientAddress(from("198.51.100.10", "203.0.113.50"), 0)).toBe("198.51.100.10")
    // A proxy is declared, but this socket is not one of them: its header is not read.
    expect(clientAddress(from("198.51.100.10", "203.0.113.50"), ["10.0.0.0/8", "loopback"])).toBe("198.51.100.10")
  })

  it("walks back through declared proxies only: the first address that is not one is the client", () => {
    const trusted = ["10.0.0.0/8", "192.0.2.0/24"]
    // Load balancer 10.1.0.2 ← CDN edge 192.0.2.77 ← customer; whatever the customer wrote before stays unread.
    expect(clientAddress(from("10.1.0.2", "1.2.3.4, 203.0.113.51, 192.0.2.77"), trusted)).toBe("203.0.113.51")
    expect(clientAddress(from("10.1.0.2", "203.0.113.51"), trusted)).toBe("203.0.113.51")
    // All proxies: the leftmost entry.
    expect(clientAddress(from("10.1.0.2", "10.9.9.9, 192.0.2.1"), trusted)).toBe("10.9.9.9")
    // No header: the proxy itself.
    expect(clientAddress(from("10.1.0.2"), trusted)).toBe("10.1.0.2")
    // Several header lines are one list.
    const twoLines = {
      socket: { remoteAddress: "10.1.0.2" },
      headers: { "x-forwarded-for": ["203.0.113.9", "192.0.2.77"] },
    }
    expect(clientAddress(twoLines, trusted)).toBe("203.0.113.9")
  })

  it("knows the named ranges and IPv4 sockets written as IPv6", () => {
    expect(clientAddress(from("::ffff:127.0.0.1", "203.0.113.5"), ["loopback"])).toBe("203.0.113.5")
    expect(clientAddress(from("::1", "203.0.113.5"), ["loopback"])).toBe("203.0.113.5")
    expect(clientAddress(from("fd12::7", "2001:db8::1"), ["uniquelocal"])).toBe("2001:db8::1")
    expect(clientAddress(from("169.254.1.1", "203.0.113.5"), ["linklocal"])).toBe("203.0.113.5")
    expect(clientAddress(from("172.32.0.1", "203.0.113.5"), ["uniquelocal"])).toBe("172.32.0.1")
    expect(clientAddress(from("10.0.0.7", "203.0.113.5"), ["10.0.0.7"])).toBe("203.0.113.5")
    expect(clientAddress(from("10.0.0.8", "203.0.113.5"), ["10.0.0.7"])).toBe("10.0.0.8")
  })

  it("with a number of proxies, takes the entry that many hops from the socket", () => {
    expect(clientAddress(from("10.1.0.2", "1.2.3.4, 203.0.113.51, 192.0.2.77"), 2)).toBe("203.0.113.51")
    expect(clientAddress(from("10.1.0.2", "1.2.3.4, 203.0.113.51, 192.0.2.77"), 1)).toBe("192.0.2.77")
    // Fewer entries than proxies (a request that came round them): the furthest one.
    expect(clientAddress(from("10.1.0.2", "192.0.2.77"), 2)).toBe("192.0.2.77")
  })

  it("stops at an entry that is not an address: the caller cannot pick a key by writing text", () => {
    const trusted: TrustedProxies = ["loopback"]
    expect(clientAddress(from("127.0.0.1", `${"a".repeat(16_000)}`), trusted)).toBe("127.0.0.1")
    // A port is not text: the proxy wrote the client's address with it (issue 44, S4).
    expect(clientAddress(from("127.0.0.1", "203.0.113.5:443"), trusted)).toBe("203.0.113.5")
    expect(clientAddress(from("127.0.0.1", "203.0.113.5:https"), trusted)).toBe("127.0.0.1")
    expect(clientAddress(from("127.0.0.1", "203.0.113.5, , "), trusted)).toBe("203.0.113.5")
    expect(clientAddress(from(undefined, "203.0.113.5"), trusted)).toBeUndefined()
  })
})

describe("clientKeyOf: the limits' key", () => {
  it("keeps IPv4 as it is and keys IPv6 by its /64", () => {
    expect(clientKeyOf("203.0.113.5")).toBe("203.0.113.5")
    expect(clientKeyOf("::ffff:203.0.113.5")).toBe("203.0.113.5")
    expect(clientKeyOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64")
    expect(clientKeyOf("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64")
    expect(clientKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64")
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64")
    expect(clientKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
    // NAT64: the IPv4 client it carries, not one /64 for every IPv4 client (issue 44).
    expect(clientKeyOf("64:ff9b::192.0.2.33")).toBe("192.0.2.33")
    expect(clientKeyOf(undefined)).toBe("unknown")
    expect(clientKeyOf("not an address")).toBe("unknown")
  })

  it("gives one key to every address of a /64 and at most 40 characters whatever was sent", () => {
    const keys = new Set(
      Array.from({ length: 1000 }, (_, i) =>
        clientKey(from("::1", `2001:db8:aa:bb:${i.toString(16)}:${(i * 7).toString(16)}::1`), ["loopback"])
      )
    )
    expect([...keys]).toEqual(["2001:db8:aa:bb::/64"])
    const longest = "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"
    expect(clientKeyOf(longest).length).toBeLessThanOrEqual(40)
  })
})

describe("the trustedProxies option", () => {
  it("takes addresses, ranges, names and a number of proxies", () => {
    for (const value of [
      [],
      ["10.0.0.0/8", "loopback", "192.0.2.7", "2001:db8::/32", "UniqueLocal", "::ffff:10.0.0.0/104"],
      0,
      2,
    ]) {
      expect(trustedProxiesProblems(value)).toEqual([])
    }
    expect(trustedProxiesProblems(undefined)).toEqual([])
  })

  it("names what it cannot use", () => {
    expect(trustedProxiesProblems(["10.0.0.0/33"])[0]).toMatch(/"10\.0\.0\.0\/33" is none of these/)
    expect(trustedProxiesProblems(["example.com"])[0]).toMatch(/"example\.com" is none of these/)
    expect(trustedProxiesProblems(["10.0.0.0/8/1", "fe80::1%eth0", 7 as unknown as string])).toHaveLength(3)
    expect(trustedProxiesProblems(-1)[0]).toMatch(/a number of proxies \(0 to 10\).*got -1/)
    expect(trustedProxiesProblems(1.5)).toHaveLength(1)
    expect(trustedProxiesProblems(11)).toHaveLength(1)
    expect(trustedProxiesProblems("loopback", "BNPL_TRUSTED_PROXIES")[0]).toMatch(/^BNPL_TRUSTED_PROXIES must be/)
  })

  it("reads BNPL_TRUSTED_PROXIES", () => {
    expect(parseTrustedProxies(undefined)).toBeUndefined()
    expect(parseTrustedProxies(" ")).toBeUndefined()
    expect(parseTrustedProxies("2")).toBe(2)
    expect(parseTrustedProxies("loopback, 10.0.0.0/8,")).toEqual(["loopback", "10.0.0.0/8"])
  })

  it("an entry it cannot use trusts nothing (never everything)", () => {
    expect(clientAddress(from("10.1.0.2", "203.0.113.5"), ["nonsense", "10.0.0.0/99"])).toBe("10.1.0.2")
  })
})

describe("normalizeAddress", () => {
  it("refuses what is not an address", () => {
    expect(normalizeAddress("203.0.113.5")).toBe("203.0.113.5")
    expect(normalizeAddress(" 2001:DB8::1 ")).toBe("2001:db8::1")
    expect(normalizeAddress("203.0.113.5:80")).toBeUndefined()
    expect(normalizeAddress("[2001:db8::1]")).toBeUndefined()
    expect(normalizeAddress("")).toBeUndefined()
  })
})

describe("undeclaredProxyWarning", () => {
  it("says once per process that X-Forwarded-For came from a proxy nobody declared", () => {
    expect(undeclaredProxyWarning(from("10.1.0.2"))).toBeUndefined()
    expect(undeclaredProxyWarning(from("10.1.0.2", "203.0.113.5"), ["10.0.0.0/8"])).toBeUndefined()
    expect(undeclaredProxyWarning(from("10.1.0.2", "203.0.113.5"))).toMatch(
      /X-Forwarded-For from 10\.1\.0\.2, not a declared proxy.*set the plugin option trustedProxies/
    )
    expect(undeclaredProxyWarning(from("10.1.0.2", "203.0.113.5"))).toBeUndefined()
  })
})
