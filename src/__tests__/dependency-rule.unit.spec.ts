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
  /^(lib\/(money\/currency|api-shapes|eligibility\/(plans|exclusions)|settings\/(mode|switches)|http\/http-types|legal\/markets)|client\/types)$/

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

  /** The rooms (first folders) of `top` and which rooms each imports: `workflows/payment` → {messages, ...}. */
  function roomGraph(top: string): Map<string, Set<string>> {
    const graph = new Map<string, Set<string>>()
    for (const file of files) {
      const [from, room] = path.relative(SRC, file).split("/")
      if (from !== top || !room || room.endsWith(".ts")) continue
      const uses = graph.get(room) ?? graph.set(room, new Set()).get(room)!
      for (const target of importsOf(file)) {
        const [to, other] = target.split("/")
        if (to === top && other && other !== room && !other.endsWith(".ts")) uses.add(other)
      }
    }
    return graph
  }

  /** Each circle among the rooms, as "a → b → a" (an arrow that runs back up closes one). */
  function circles(graph: Map<string, Set<string>>): string[] {
    const found: string[] = []
    const visit = (room: string, trail: string[]) => {
      for (const next of graph.get(room) ?? []) {
        const at = trail.indexOf(next)
        if (at >= 0) found.push([...trail.slice(at), next].join(" → "))
        else visit(next, [...trail, next])
      }
    }
    for (const room of graph.keys()) visit(room, [room])
    return [...new Set(found.filter((c) => c.startsWith(c.split(" → ").sort()[0] + " ")))]
  }

  it("the rooms of src/workflows and src/lib stand on each other without a circle", () => {
    expect(circles(roomGraph("workflows"))).toEqual([])
    expect(circles(roomGraph("lib"))).toEqual([])
    // The check itself: a circle is found.
    expect(
      circles(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["a"])],
        ])
      )
    ).toEqual(["a → b → a"])
  })

  it("a workflows domain is laid out as core-flows: utils/ ← steps/ ← workflows/, never an import back up", () => {
    const LAYER: Record<string, number> = { utils: 0, steps: 1, workflows: 2 }
    const broken: string[] = []
    for (const file of files) {
      const [top, domain, layer, rest] = path.relative(SRC, file).split("/")
      if (top !== "workflows" || !domain || domain.endsWith(".ts")) continue
      if (domain === "hooks") continue // Medusa's workflow hooks: files of their own, by the workflow they extend
      if (!(layer in LAYER) || !rest) {
        broken.push(`${path.relative(SRC, file)}: not in a utils/, steps/ or workflows/ folder`)
        continue
      }
      for (const target of importsOf(file)) {
        // Within a domain; another domain is reached as the rooms' order allows (the test above).
        const [to, targetDomain, targetLayer] = target.split("/")
        if (
          to === "workflows" &&
          targetDomain === domain &&
          targetLayer in LAYER &&
          LAYER[targetLayer] > LAYER[layer]
        ) {
          broken.push(`${path.relative(SRC, file)} → ${target}`)
        }
      }
    }
    expect(broken).toEqual([])
  })
})
