import { mergeSettings, resolveOptions, validateOptions, type BnplOptions } from ".."

/** The `trustedProxies` option (env `BNPL_TRUSTED_PROXIES`): read, checked at start-up, merged. */
describe("trustedProxies", () => {
  it("defaults to none: the socket's address is the client", () => {
    expect(resolveOptions({}, {}).trustedProxies).toEqual([])
    expect(mergeSettings({}, {}, {}).options.trustedProxies).toEqual([])
  })

  it("is read from the option, else from BNPL_TRUSTED_PROXIES", () => {
    expect(resolveOptions({ trustedProxies: ["loopback"] }, {}).trustedProxies).toEqual(["loopback"])
    expect(resolveOptions({ trustedProxies: 2 }, {}).trustedProxies).toBe(2)
    expect(resolveOptions({}, { BNPL_TRUSTED_PROXIES: "10.0.0.0/8, loopback" }).trustedProxies).toEqual([
      "10.0.0.0/8",
      "loopback",
    ])
    expect(resolveOptions({}, { BNPL_TRUSTED_PROXIES: "1" }).trustedProxies).toBe(1)
    expect(resolveOptions({ trustedProxies: [] }, { BNPL_TRUSTED_PROXIES: "loopback" }).trustedProxies).toEqual([])
    // Not an admin setting: the admin's row cannot change who is trusted.
    expect(mergeSettings({}, { trustedProxies: ["loopback"] }, {}).options.trustedProxies).toEqual(["loopback"])
  })

  it("stops the server at start-up when it cannot be used, naming the option or the variable", () => {
    expect(() => validateOptions({ trustedProxies: ["10.0.0.0/8", "loopback", 1] as unknown as string[] }, {})).toThrow(
      /trustedProxies must be a number of proxies \(0 to 10\) or a list of addresses, CIDR ranges or "loopback".*1 is none of these/
    )
    expect(() => validateOptions({ trustedProxies: "loopback" } as unknown as BnplOptions, {})).toThrow(
      /trustedProxies must be/
    )
    expect(() => validateOptions({}, { BNPL_TRUSTED_PROXIES: "10.0.0.0/40" })).toThrow(
      /BNPL_TRUSTED_PROXIES must be .*"10\.0\.0\.0\/40" is none of these/
    )
    expect(() => validateOptions({ trustedProxies: ["10.0.0.0/8", "loopback"] }, {})).not.toThrow()
    expect(() => validateOptions({ trustedProxies: 2 }, {})).not.toThrow()
    expect(() => validateOptions({}, { BNPL_TRUSTED_PROXIES: "uniquelocal,::1" })).not.toThrow()
  })
})
