import fs from "node:fs"
import path from "node:path"
import {
  ALLOW_UNTESTED_MEDUSA_ENV,
  checkMedusaVersion,
  TEST_MEDUSA_VERSION_ENV,
} from "../../../../lib/infrastructure/medusa-version"
import startUpNotices from "../start-up-notices"

/** Issue 43: the start-up line of an untested Medusa, and the provider registered whatever the version. */
describe("start-up on an untested Medusa", () => {
  const linesAtStart = async (env: Record<string, string>) => {
    const lines: [string, string][] = []
    const logger = { warn: (m: string) => lines.push(["warn", m]), error: (m: string) => lines.push(["error", m]) }
    const saved = { ...process.env }
    Object.assign(process.env, { NODE_ENV: "test" }, env)
    try {
      await startUpNotices({ container: { resolve: () => logger }, options: {} } as never)
    } finally {
      process.env = saved
    }
    return lines.filter(([, m]) => m.includes("Medusa"))
  }

  it("says nothing on the tested Medusa", async () => {
    expect(await linesAtStart({})).toEqual([])
  })

  it("one error line, the sentence, when new payments are refused", async () => {
    expect(await linesAtStart({ [TEST_MEDUSA_VERSION_ENV]: "2.22.0" })).toEqual([
      ["error", checkMedusaVersion("2.22.0").message],
    ])
    expect(await linesAtStart({ [TEST_MEDUSA_VERSION_ENV]: "2.20.1" })).toEqual([
      ["error", checkMedusaVersion("2.20.1").message],
    ])
  })

  it("one warning when the merchant opted in", async () => {
    const lines = await linesAtStart({ [TEST_MEDUSA_VERSION_ENV]: "2.22.0", [ALLOW_UNTESTED_MEDUSA_ENV]: "2.22" })
    expect(lines).toEqual([["warn", expect.stringContaining("new instalment payments are taken because")]])
  })

  it("the provider's registration depends on no version (Medusa's isDisabled would strand every payment taken)", () => {
    const registration = fs.readFileSync(path.join(__dirname, "../../../../providers/bnpl/index.ts"), "utf8")
    expect(registration).not.toMatch(/isDisabled|defineFileConfig|medusaRefusal\(|from ".*medusa-version"/)
  })
})
