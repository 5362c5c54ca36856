import path from "node:path"

// The upgrade script is plain Node shipped in bin/ (it runs before the plugin can be installed).
const upgrade = require(path.join(__dirname, "../../../bin/medusa-bnpl-upgrade.js"))

const DASHBOARD_2_21_2 = { ui: "4.2.6", router: "7.18.2" }

describe("medusa-bnpl-upgrade", () => {
  it("moves every @medusajs package to the release, @medusajs/ui to the dashboard's", () => {
    expect(upgrade.target("@medusajs/draft-order", "2.18.0", "2.21.2", DASHBOARD_2_21_2)).toBe("2.21.2")
    expect(upgrade.target("@medusajs/test-utils", "2.18.0", "2.21.2", DASHBOARD_2_21_2)).toBe("2.21.2")
    expect(upgrade.target("@medusajs/ui", "4.2.0", "2.21.2", DASHBOARD_2_21_2)).toBe("4.2.6")
    expect(upgrade.target("zod", "4.2.0", "2.21.2", DASHBOARD_2_21_2)).toBeUndefined()
  })

  it("moves react-router-dom 6 to the dashboard's 7, and leaves a store already on 7", () => {
    expect(upgrade.target("react-router-dom", "6.30.4", "2.21.2", DASHBOARD_2_21_2)).toBe("7.18.2")
    expect(upgrade.target("react-router-dom", "^7.2.0", "2.21.2", DASHBOARD_2_21_2)).toBeUndefined()
  })

  it("only targets releases in the tested range (package.json's testedMedusa, not the wider peers)", () => {
    expect(upgrade.inRange("2.21.0")).toBe(true)
    expect(upgrade.inRange("2.21.2")).toBe(true)
    expect(upgrade.inRange("2.20.1")).toBe(false)
    expect(upgrade.inRange("2.22.0")).toBe(false)
    expect(upgrade.inRange("2.21.2-rc.1")).toBe(false)
  })

  it("never moves a store back from a release above the tested range (the peers accept it)", () => {
    for (const listed of ["2.22.0", "^2.22.1", "~2.23.0", "2.22.0-snapshot-20261020", "3.0.0"]) {
      expect([listed, upgrade.aboveRange(listed)]).toEqual([listed, true])
    }
    for (const listed of ["2.21.2", "^2.21.0", "2.18.0", "2.15.3", "latest"]) {
      expect([listed, upgrade.aboveRange(listed)]).toEqual([listed, false])
    }
  })

  it("drops the old release's entries from the lockfile and keeps the rest", () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        "": { dependencies: { "@medusajs/medusa": "2.18.0" } },
        "node_modules/@medusajs/medusa": { version: "2.18.0" },
        "node_modules/@medusajs/dashboard/node_modules/react-router-dom": { version: "7.0.0" },
        "node_modules/@medusajs/dashboard/node_modules/some-dep": { version: "1.0.0" },
        "node_modules/react-router-dom": { version: "6.30.4" },
        "node_modules/react-router": { version: "6.30.4" },
        "node_modules/zod": { version: "4.2.0" },
      },
      dependencies: {},
    }
    expect(upgrade.loosenLock(lock)).toBe(5)
    expect(Object.keys(lock.packages)).toEqual(["", "node_modules/zod"])
    expect(lock).not.toHaveProperty("dependencies")
  })
})
