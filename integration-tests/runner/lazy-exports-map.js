// Which file defines each name a CommonJS index re-exports (`__exportStar(require("./x"))`,
// TypeScript's output), read without running it (cjs-module-lexer, what jest itself uses), as
// the first definition in the order the index's `require`s run: the one `__exportStar` keeps.
// Kept in .tmp per package version, as one file made by jest.config.js before its workers start.
"use strict"

const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "../..")

function build(entry) {
  const lexer = require("cjs-module-lexer")
  if (lexer.initSync) lexer.initSync()
  const map = {}
  const seen = new Set()
  const walk = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    const { exports, reexports } = lexer.parse(fs.readFileSync(file, "utf8"))
    for (const name of exports) if (name !== "__esModule" && name !== "default" && !(name in map)) map[name] = file
    for (const specifier of reexports) walk(require.resolve(specifier, { paths: [path.dirname(file)] }))
  }
  walk(require.resolve(entry, { paths: [ROOT] }))
  return map
}

/** name -> absolute path of the file that defines it, for the index `entry` resolves to. */
function exportsOf(entry) {
  const pkg = entry.split("/").slice(0, entry.startsWith("@") ? 2 : 1).join("/")
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8"))
  const file = path.join(ROOT, ".tmp", `exports-${entry.replace(/[@/]/g, "_")}-${version}.json`)
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    const map = build(entry)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const temporary = `${file}.${process.pid}`
    fs.writeFileSync(temporary, JSON.stringify(map))
    fs.renameSync(temporary, file)
    return map
  }
}

module.exports = { exportsOf }
