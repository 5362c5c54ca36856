import fs from "node:fs"
import path from "node:path"

/**
 * The dependency rule of CONTRIBUTING.md ("The dependency rule"), checked on every relative import of
 * src/ (tests excepted): each folder imports only the folders listed for it.
 */
const SRC = path.resolve(__dirname, "..")

const ALLOWED: Record<string, string[]> = {
  client: ["client"],
  lib: ["lib", "client"],
  modules: ["modules", "lib", "client"],
  providers: ["providers", "lib", "client", "modules"],
  workflows: ["workflows", "lib", "client", "modules", "providers"],
  api: ["api", "workflows", "lib", "client", "modules", "providers", "policies"],
  subscribers: ["workflows", "lib", "client", "modules"],
  jobs: ["workflows", "lib", "client", "modules", "providers"],
  policies: ["policies"],
  admin: ["admin", "lib", "client"],
}
// The provider runs in the payment module's container: it reaches the plugin module's tables
// through these files only (the settings reader's connection), never the module service.
const PROVIDER_SIDEWAYS =
  /^modules\/bnpl\/(settings(\/index)?|ledger|ledger-settling|medusa-holding|notification-secret|checkout-snapshot-reader)$/
// What the admin (a browser bundle) may take from the server: import-free or type-only files.
const ADMIN_SHARED =
  /^(lib\/(payment\/currency|eligibility\/(plans|exclusions)|settings\/(mode|switches)|http\/http-types|legal\/markets)|client\/types)$/

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      return entry.name === "__tests__" || entry.name === "migrations" ? [] : sourceFiles(full)
    }
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  return [...text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((m) =>
    path.relative(SRC, path.resolve(path.dirname(file), m[1])).replace(/\\/g, "/")
  )
}

describe("the dependency rule", () => {
  const files = sourceFiles(SRC).filter((f) => path.relative(SRC, f).includes("/"))

  it("finds the source files", () => {
    expect(files.length).toBeGreaterThan(50)
  })

  it("each folder imports only what it may", () => {
    const broken: string[] = []
    for (const file of files) {
      const from = path.relative(SRC, file).split("/")[0]
      for (const target of importsOf(file)) {
        const to = target.split("/")[0]
        const refused =
          !(ALLOWED[from] ?? []).includes(to) ||
          (from === "providers" && to === "modules" && !PROVIDER_SIDEWAYS.test(target)) ||
          (from === "admin" && to !== "admin" && !ADMIN_SHARED.test(target))
        if (refused) {
          broken.push(`${path.relative(SRC, file)} → ${target}`)
        }
      }
    }
    expect(broken).toEqual([])
  })
})
