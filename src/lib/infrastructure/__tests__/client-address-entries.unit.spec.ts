import { clientKey, entryAddress, normalizeAddress } from "../client-address"

/**
 * Issue 44: entries as proxies write them (a port, brackets), IPv4 clients written as IPv6 (each
 * is its own client, not one /64 for all), and the one warning when a declared proxy's entry
 * cannot be read.
 */
const gateway = { socket: { remoteAddress: "10.0.0.5" } }
const via = (forwarded: string) => ({ ...gateway, headers: { "x-forwarded-for": forwarded } })

describe("X-Forwarded-For entries and IPv4 clients written as IPv6", () => {
  it.each([
    ["203.0.113.9:50123", "203.0.113.9"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["2001:db8::1:443", "2001:db8::1:443"],
    ["[203.0.113.9]:1", undefined],
    ["203.0.113.9:abc", undefined],
    ["evil.example:80", undefined],
  ])("the entry %s is the address %s", (entry, address) => {
    expect(entryAddress(entry)).toBe(address)
  })

  it.each([
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::ffff:cb00:7109", "203.0.113.9"],
    ["64:ff9b::cb00:7109", "203.0.113.9"],
    ["64:ff9b::203.0.113.10", "203.0.113.10"],
    ["2001:db8::ffff:cb00:7109", "2001:db8::ffff:cb00:7109"],
  ])("%s is the client %s", (written, address) => {
    expect(normalizeAddress(written)).toBe(address)
  })

  it("two IPv4 clients behind NAT64 or written hex-mapped do not share one key", () => {
    const keys = ["64:ff9b::cb00:7109", "64:ff9b::cb00:710a", "::ffff:cb00:7109", "::ffff:cb00:710a"].map((a) =>
      clientKey({ socket: { remoteAddress: a } })
    )
    expect(keys).toEqual(["203.0.113.9", "203.0.113.10", "203.0.113.9", "203.0.113.10"])
  })

  it("a declared proxy's unreadable entry is said once, the entry quoted short", () => {
    jest.isolateModules(() => {
      const { forwardedForWarning } = require("../client-address")
      expect(forwardedForWarning(via("203.0.113.9:50123"), ["10.0.0.0/8"])).toBeUndefined()
      const warning = forwardedForWarning(via(`${"x".repeat(100)}, 10.0.0.7`), ["10.0.0.0/8"])
      expect(warning).toContain("is not an address")
      expect(warning).toContain("10.0.0.7")
      expect(warning).not.toContain("x".repeat(61))
      expect(forwardedForWarning(via("unknown"), ["10.0.0.0/8"])).toBeUndefined()
    })
  })

  it("an undeclared proxy is still said first, and the unreadable entry of an undeclared one is not", () => {
    jest.isolateModules(() => {
      const { forwardedForWarning } = require("../client-address")
      expect(forwardedForWarning(via("garbage"), [])).toContain("not a declared proxy")
      expect(forwardedForWarning(via("garbage"), [])).toBeUndefined()
    })
  })
})
