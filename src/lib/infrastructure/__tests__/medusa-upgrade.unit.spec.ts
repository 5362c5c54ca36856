import fs from "node:fs"
import os from "node:os"
import path from "node:path"

// The upgrade script is plain Node shipped in bin/ (it runs before the plugin can be installed).
const upgrade = require(path.join(__dirname, "../../../../bin/medusa-bnpl-upgrade.js"))

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

  describe("the store's package manager", () => {
    let tmp: string
    beforeEach(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bnpl-upgrade-"))
    })
    afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }))
    const write = (file: string, content = "") => {
      fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true })
      fs.writeFileSync(path.join(tmp, file), content)
    }

    it("reads the lock file: pnpm-lock.yaml, yarn.lock, package-lock.json", () => {
      for (const [lock, name] of [
        ["pnpm-lock.yaml", "pnpm"],
        ["yarn.lock", "yarn"],
        ["package-lock.json", "npm"],
      ]) {
        fs.rmSync(tmp, { recursive: true, force: true })
        write("package.json", "{}")
        write(lock)
        expect(upgrade.detectPackageManager(tmp)).toMatchObject({ name, root: tmp })
      }
    })

    it("finds the dtc-starter's pnpm from apps/backend: packageManager of the workspace root, first", () => {
      write("package.json", JSON.stringify({ packageManager: "pnpm@10.11.1" }))
      write("package-lock.json") // a stray lock beside it: packageManager says
      write("apps/backend/package.json", JSON.stringify({ dependencies: { "@medusajs/medusa": "2.18.0" } }))
      expect(upgrade.detectPackageManager(path.join(tmp, "apps/backend"))).toMatchObject({
        name: "pnpm",
        version: "10.11.1",
        root: tmp,
      })
      write("package.json", JSON.stringify({ packageManager: "yarn@4.5.0+sha512.abc" }))
      expect(upgrade.detectPackageManager(path.join(tmp, "apps/backend"))).toMatchObject({
        name: "yarn",
        version: "4.5.0",
      })
    })

    it("says npm when nothing says otherwise", () => {
      const nothing = path.parse(tmp).root // no lock nor packageManager up from the file system's root
      expect(upgrade.detectPackageManager(nothing).name).toBe("npm")
    })

    it("gives each package manager's install and the plugin's upgrade", () => {
      expect(upgrade.PACKAGE_MANAGERS.npm.install).toEqual(["npm", "install"])
      // pnpm freezes its lock under CI: the changed ranges must be resolved.
      expect(upgrade.PACKAGE_MANAGERS.pnpm.install).toEqual(["pnpm", "install", "--no-frozen-lockfile"])
      expect(upgrade.PACKAGE_MANAGERS.yarn.install).toEqual(["yarn", "install"])
      expect(upgrade.pluginUpgradeCommand("pnpm")).toBe("pnpm add medusa-plugin-bnpl@latest")
      expect(upgrade.pluginUpgradeCommand("yarn")).toBe("yarn add medusa-plugin-bnpl@latest")
      expect(upgrade.pluginUpgradeCommand("npm")).toBe("npm install medusa-plugin-bnpl@latest")
    })
  })
})
