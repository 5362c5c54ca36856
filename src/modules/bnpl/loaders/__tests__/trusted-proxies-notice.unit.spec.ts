import { trustedProxiesWarning } from "../../../../lib/infrastructure/client-address"
import startUpNotices from "../start-up-notices"

/** Issue 44: `0.0.0.0/0` as a trusted proxy is accepted (it can be meant), never silently. */
describe("trusted proxies that are every address", () => {
  it.each([["0.0.0.0/0"], ["::/0"], ["::ffff:0.0.0.0/96"], ["10.0.0.0/8", "0.0.0.0/0"]])("%s is warned", (...list) => {
    expect(trustedProxiesWarning(list)).toMatch(/every address/)
  })

  it.each([[["10.0.0.0/8", "loopback"]], [["0.0.0.0/1"]], [2], [[]], [undefined]])("%j is not", (value) => {
    expect(trustedProxiesWarning(value)).toBeUndefined()
  })

  const warningsAtStart = async (options: Record<string, unknown>, env: Record<string, string> = {}) => {
    const warnings: string[] = []
    const logger = { warn: (m: string) => warnings.push(m), error: () => undefined }
    const saved = { ...process.env }
    Object.assign(process.env, env)
    try {
      await startUpNotices({ container: { resolve: () => logger }, options } as never)
    } finally {
      process.env = saved
    }
    return warnings.filter((w) => /trusted|TRUSTED/.test(w))
  }

  it("the start-up notices say it once, for the option or the env", async () => {
    expect(await warningsAtStart({ trustedProxies: ["0.0.0.0/0"] })).toEqual([
      expect.stringContaining('trustedProxies lists "0.0.0.0/0"'),
    ])
    expect(await warningsAtStart({}, { BNPL_TRUSTED_PROXIES: "::/0" })).toEqual([
      expect.stringContaining('BNPL_TRUSTED_PROXIES lists "::/0"'),
    ])
    expect(await warningsAtStart({ trustedProxies: ["10.0.0.0/8"] })).toEqual([])
  })
})
