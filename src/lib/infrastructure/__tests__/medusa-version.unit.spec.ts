import fs from "node:fs"
import path from "node:path"
import {
  ALLOW_UNTESTED_MEDUSA_ENV,
  checkMedusaVersion,
  installedMedusaVersion,
  MEDUSA_PEER_RANGE,
  MEDUSA_UPGRADE_COMMAND,
  medusaRefusal,
  medusaVersionCheck,
  medusaVersionView,
  PLUGIN_UPGRADE_COMMAND,
  SUPPORTED_MEDUSA,
  SUPPORTED_MEDUSA_RANGE,
  TEST_MEDUSA_VERSION_ENV,
} from "../medusa-version"

// semver (Medusa's and npm's own dependency) is typed here: no @types/semver in the repository.
const semver: { satisfies(version: string, range: string): boolean } = require("semver")

const ROOT = path.resolve(__dirname, "..", "..", "..", "..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
const medusaPeers = () =>
  Object.entries(pkg.peerDependencies as Record<string, string>).filter(
    ([name]) => name.startsWith("@medusajs/") && name !== "@medusajs/ui"
  )

describe("the Medusa versions: package.json", () => {
  it("declares the peer range for every @medusajs/* peer of Medusa's release line", () => {
    expect(medusaPeers().length).toBeGreaterThanOrEqual(4)
    expect(medusaPeers().filter(([, range]) => range !== MEDUSA_PEER_RANGE)).toEqual([])
  })

  it("peers accept the whole tested range and the next minor, not the next major nor anything below", () => {
    for (const version of [SUPPORTED_MEDUSA.lowest, SUPPORTED_MEDUSA.highest, SUPPORTED_MEDUSA.below, "2.22.1"]) {
      expect(semver.satisfies(version, MEDUSA_PEER_RANGE)).toBe(true)
    }
    for (const version of ["2.20.1", "3.0.0"]) {
      expect(semver.satisfies(version, MEDUSA_PEER_RANGE)).toBe(false)
    }
    // @medusajs/icons follows Medusa's versions (2.22.1 is on the registry); @medusajs/ui its own (4.2.8).
    expect(semver.satisfies("2.22.1", pkg.peerDependencies["@medusajs/icons"])).toBe(true)
    expect(semver.satisfies("4.2.8", pkg.peerDependencies["@medusajs/ui"])).toBe(true)
    expect(semver.satisfies(pkg.devDependencies["@medusajs/ui"], pkg.peerDependencies["@medusajs/ui"])).toBe(true)
  })

  it("declares the tested range (testedMedusa, read by medusa-bnpl-upgrade) as the runtime check does", () => {
    expect(pkg.testedMedusa).toBe(SUPPORTED_MEDUSA_RANGE)
    expect(semver.satisfies(SUPPORTED_MEDUSA.highest, SUPPORTED_MEDUSA_RANGE)).toBe(true)
    expect(semver.satisfies(SUPPORTED_MEDUSA.below, SUPPORTED_MEDUSA_RANGE)).toBe(false)
  })

  it("runs on the Node versions Medusa's tested release runs on (its engines)", () => {
    const medusa = JSON.parse(fs.readFileSync(require.resolve("@medusajs/medusa/package.json"), "utf8"))
    expect(pkg.engines.node).toBe(medusa.engines.node)
  })

  it("is developed and tested with a tested version", () => {
    const installed = installedMedusaVersion()
    expect(installed).toBeDefined()
    expect(checkMedusaVersion(installed)).toMatchObject({ status: "tested", new_payments: true })
    expect(pkg.devDependencies["@medusajs/medusa"]).toBe(SUPPORTED_MEDUSA.highest)
  })
})

describe("the Medusa versions: what the plugin does", () => {
  it.each([SUPPORTED_MEDUSA.lowest, "2.21.1", SUPPORTED_MEDUSA.highest])(
    "takes new payments on %s, silently",
    (version) => {
      expect(checkMedusaVersion(version)).toEqual({ found: version, status: "tested", new_payments: true })
    }
  )

  it.each([
    ["2.15.3", "older", `upgrade the store: ${MEDUSA_UPGRADE_COMMAND}`],
    ["2.20.1", "older", `upgrade the store: ${MEDUSA_UPGRADE_COMMAND}`],
    ["2.21.0-preview-20260911072753", "older", `upgrade the store: ${MEDUSA_UPGRADE_COMMAND}`],
    ["1.20.0", "older", `upgrade the store: ${MEDUSA_UPGRADE_COMMAND}`],
    [
      "2.22.0",
      "untested",
      `tested with it: ${PLUGIN_UPGRADE_COMMAND}; or, once you have checked a payment on it, set ${ALLOW_UNTESTED_MEDUSA_ENV}=2.22 in`,
    ],
    ["2.22.0-snapshot-20261020", "untested", `set ${ALLOW_UNTESTED_MEDUSA_ENV}=2.22 in`],
    ["2.31.4", "untested", `set ${ALLOW_UNTESTED_MEDUSA_ENV}=2.31 in`],
    ["3.0.0", "other_major", `install a release of the plugin for it: ${PLUGIN_UPGRADE_COMMAND}`],
  ])("refuses new payments on %s (%s) in one sentence: found, tested, the command", (version, status, fix) => {
    const check = checkMedusaVersion(version)
    expect(check).toMatchObject({ found: version, status, new_payments: false })
    const message = check.message!
    expect(message).toContain(`is tested with Medusa ${SUPPORTED_MEDUSA.lowest} to ${SUPPORTED_MEDUSA.highest}`)
    expect(message).toContain(`found Medusa ${version}:`)
    expect(message).toContain(
      "new instalment payments are refused (payments already taken are still captured, refunded"
    )
    expect(message).toContain(fix)
    expect(message).not.toContain("\n")
    // One sentence: no full stop before its end.
    expect(message.replace(/\d\.\d|\.\S/g, "")).not.toContain(". ")
  })

  it("takes new payments above the range once the merchant names the minor (or the version) checked", () => {
    for (const allow of ["2.22", " 2.22 ", "2.22.1"]) {
      const check = checkMedusaVersion("2.22.1", allow)
      expect(check).toMatchObject({ status: "untested_allowed", new_payments: true })
      expect(check.message).toContain(
        `found Medusa 2.22.1: new instalment payments are taken because ${ALLOW_UNTESTED_MEDUSA_ENV}=`
      )
    }
  })

  it("an opt-in names what was checked: another minor, 'true' or 1 opt in to nothing", () => {
    for (const allow of ["2.23", "1", "true", "2.22.0", ""]) {
      expect(checkMedusaVersion("2.22.1", allow)).toMatchObject({ status: "untested", new_payments: false })
    }
  })

  it("an opt-in never covers a release below the range, another major, or an unknown version", () => {
    expect(checkMedusaVersion("2.20.1", "2.20")).toMatchObject({ status: "older", new_payments: false })
    expect(checkMedusaVersion("3.0.0", "3.0")).toMatchObject({ status: "other_major", new_payments: false })
    expect(checkMedusaVersion(undefined, "2.22")).toMatchObject({ status: "unknown", new_payments: false })
  })

  it("below the range says what the install test's refusal check (scripts/install-test/refusal.js) looks for", () => {
    const message = checkMedusaVersion("2.20.1").message!
    expect(message).toMatch(/^medusa-plugin-bnpl is tested with Medusa \d+\.\d+\.\d+ to \d+\.\d+\.\d+ and found/)
    expect(message).toContain("found Medusa 2.20.1: new instalment payments are refused")
    expect(message).toContain(MEDUSA_UPGRADE_COMMAND)
  })

  it("refuses new payments when Medusa cannot be found", () => {
    const missing = installedMedusaVersion(() => {
      throw new Error("Cannot find module")
    })
    expect(missing).toBeUndefined()
    const check = checkMedusaVersion(missing)
    expect(check).toMatchObject({ found: null, status: "unknown", new_payments: false })
    expect(check.message).toMatch(
      /found no readable Medusa version \(@medusajs\/medusa not found\): new instalment payments are refused/
    )
    expect(check.message).toContain(MEDUSA_UPGRADE_COMMAND)
  })
})

describe("the Medusa versions: this process", () => {
  it("reads the installed Medusa: tested here, so nothing refused", () => {
    expect(medusaVersionCheck({ NODE_ENV: "production" })).toMatchObject({ status: "tested", new_payments: true })
    expect(medusaRefusal({ NODE_ENV: "production" })).toBeUndefined()
  })

  it("a test may make it look untested (NODE_ENV=test only), and the opt-in applies to what it claims", () => {
    const claimed = { NODE_ENV: "test", [TEST_MEDUSA_VERSION_ENV]: "2.22.0" }
    expect(medusaRefusal(claimed)).toContain("found Medusa 2.22.0")
    expect(medusaRefusal({ ...claimed, [ALLOW_UNTESTED_MEDUSA_ENV]: "2.22" })).toBeUndefined()
    expect(medusaRefusal({ ...claimed, NODE_ENV: "production" })).toBeUndefined()
    expect(medusaRefusal({ ...claimed, NODE_ENV: "development" })).toBeUndefined()
  })

  it("the admin's view adds Node and the tested range", () => {
    expect(medusaVersionView({})).toEqual({
      found: installedMedusaVersion(),
      status: "tested",
      new_payments: true,
      node: process.versions.node,
      tested: { lowest: SUPPORTED_MEDUSA.lowest, highest: SUPPORTED_MEDUSA.highest },
    })
  })
})

describe("the Medusa versions: the commands", () => {
  it("upgrades through the package's own upgrade script, then npm and the migrations", () => {
    const bin = /--package=medusa-plugin-bnpl (\S+)/.exec(MEDUSA_UPGRADE_COMMAND)?.[1]
    expect(bin && pkg.bin[bin]).toBe("bin/medusa-bnpl-upgrade.js")
    expect(pkg.files).toContain("bin")
    // --install: the store's own package manager's install (npm, pnpm or yarn), not npm's alone.
    expect(MEDUSA_UPGRADE_COMMAND).toMatch(/ medusa-bnpl-upgrade --install && npx medusa db:migrate$/)
    expect(MEDUSA_UPGRADE_COMMAND).not.toMatch(/npm install/)
    for (const command of [`npm install ${pkg.name}@latest`, "pnpm add", "yarn add"]) {
      expect(PLUGIN_UPGRADE_COMMAND).toContain(command)
    }
  })

  it("is the command README's install section gives, with the opt-in", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
    const install = readme.slice(readme.indexOf("## Install in your store"), readme.indexOf("## Configuration"))
    expect(install).toContain(`\`${MEDUSA_UPGRADE_COMMAND}\``)
    expect(install).toContain(ALLOW_UNTESTED_MEDUSA_ENV)
  })
})
