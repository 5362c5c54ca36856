/**
 * (In the HTTP part, beside the suites that boot a server: it builds the plugin, TypeScript and
 * the admin bundle, about 20 s of CPU.)
 *
 * The built plugin (server code and admin bundle) imports only Node built-ins and packages its
 * package.json declares: a store installs the tarball, not this repository's node_modules.
 * Built fresh every run, so the check never reads a stale `.medusa/server`.
 */

import path from "node:path"
import { spawnSync } from "node:child_process"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { checkPackageImports } = require("../../scripts/lib/package-imports")

const ROOT = path.resolve(__dirname, "..", "..")

jest.setTimeout(600_000)

beforeAll(() => {
  const build = spawnSync("npx", ["medusa", "plugin:build"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_ENV: undefined } })
  if (build.status !== 0) throw new Error(`npx medusa plugin:build failed:\n${build.stdout}\n${build.stderr}`)
})

describe("the built plugin", () => {
  it("imports only declared packages, from the server code and the admin bundle", () => {
    const { problems, modules, files } = checkPackageImports(ROOT)
    expect(files).toBeGreaterThan(50)
    // The admin bundle's own packages are among those read (the check sees the bundle).
    expect(modules).toEqual(expect.arrayContaining(["@hookform/resolvers", "react-hook-form", "@medusajs/framework", "axios"]))
    expect(problems).toEqual([])
  })
})
