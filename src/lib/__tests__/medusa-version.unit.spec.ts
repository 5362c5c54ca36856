import fs from "node:fs"
import path from "node:path"
import {
  installedMedusaVersion,
  MEDUSA_UPGRADE_COMMAND,
  medusaVersionProblem,
  SUPPORTED_MEDUSA,
  SUPPORTED_MEDUSA_RANGE,
} from "../medusa-version"

const ROOT = path.resolve(__dirname, "..", "..", "..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

describe("the supported Medusa versions", () => {
  it("are the range package.json declares for every @medusajs/* peer of Medusa's release line", () => {
    const peers = Object.entries(pkg.peerDependencies as Record<string, string>).filter(
      ([name]) => name.startsWith("@medusajs/") && name !== "@medusajs/ui"
    )
    expect(peers.length).toBeGreaterThanOrEqual(4)
    expect(peers.filter(([, range]) => range !== SUPPORTED_MEDUSA_RANGE)).toEqual([])
  })

  it("include the version this repository is developed and tested with", () => {
    const installed = installedMedusaVersion()
    expect(installed).toBeDefined()
    expect(medusaVersionProblem(installed)).toBeUndefined()
    expect(pkg.devDependencies["@medusajs/medusa"]).toBe(SUPPORTED_MEDUSA.highest)
  })

  it.each([SUPPORTED_MEDUSA.lowest, "2.21.1", SUPPORTED_MEDUSA.highest])("accepts %s", (version) => {
    expect(medusaVersionProblem(version)).toBeUndefined()
  })

  it.each([
    ["2.15.3", "upgrade the store"],
    ["2.20.1", "upgrade the store"],
    ["2.22.0", "release that supports it"],
    ["3.0.0", "release that supports it"],
    ["2.21.0-preview-20260911072753", "upgrade the store"],
  ])("refuses %s in one line with the version, the range and the command", (version, fix) => {
    const problem = medusaVersionProblem(version)!
    expect(problem).toContain(`found Medusa ${version}`)
    expect(problem).toContain(SUPPORTED_MEDUSA_RANGE)
    expect(problem).toContain(fix)
    expect(problem).toContain(MEDUSA_UPGRADE_COMMAND)
    expect(problem).toContain("pp_bnpl_bnpl is not registered")
    expect(problem).not.toContain("\n")
  })

  it("refuses when Medusa cannot be found", () => {
    const missing = installedMedusaVersion(() => {
      throw new Error("Cannot find module")
    })
    expect(missing).toBeUndefined()
    expect(medusaVersionProblem(missing)).toMatch(/unknown Medusa version/)
  })

  it("upgrades through the package's own upgrade script, then npm and the migrations", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
    const bin = /--package=medusa-plugin-bnpl (\S+)/.exec(MEDUSA_UPGRADE_COMMAND)?.[1]
    expect(bin && pkg.bin[bin]).toBe("bin/medusa-bnpl-upgrade.js")
    expect(pkg.files).toContain("bin")
    expect(MEDUSA_UPGRADE_COMMAND).toMatch(/ && npm install && npx medusa db:migrate$/)
  })

  it("is the command README's install section gives", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
    const install = readme.slice(readme.indexOf("## Install in your store"), readme.indexOf("## Configuration"))
    expect(install).toContain(`\`${MEDUSA_UPGRADE_COMMAND}\``)
  })
})
