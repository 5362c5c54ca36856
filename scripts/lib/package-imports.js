'use strict'

/**
 * What the plugin's built output (`.medusa/server/src`: server code and the admin bundle) loads
 * by name, checked against its package.json: every bare import must be a Node built-in or a
 * `dependencies` / `peerDependencies` entry. A dev dependency is absent from a merchant's store,
 * and a package that only happens to be hoisted there (the dashboard's @hookform/resolvers) goes
 * away on the next upgrade: `medusa build` then fails to resolve the admin bundle's import.
 * Used by scripts/__tests__/package-imports.unit.spec.js and scripts/install-test.js.
 */

const fs = require('node:fs')
const path = require('node:path')
const { builtinModules } = require('node:module')

// `from "x"` only after `import`/`export` and what they name (`{a, b as c}`, `* as ns`, `x`,
// minified or not): a migration's SQL (`... from "bnpl_service_message"`) is not an import.
const SPECIFIERS =
  /\brequire\(\s*["']([^"']+)["']\s*\)|\bimport\(\s*["']([^"']+)["']\s*\)|\b(?:import|export)\b\s*(?:type\s+)?[\w$*\s,]*(?:\{[^}]*\}[\w$*\s,]*)?\bfrom\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). @param {string} specifier */
function packageOf(specifier) {
  if (specifier.startsWith('node:')) return specifier
  return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]
}

/** Every .js/.mjs/.cjs file under `dir`. @param {string} dir @returns {string[]} */
function jsFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return jsFiles(full)
    return /\.(c|m)?js$/.test(entry.name) ? [full] : []
  })
}

/**
 * The problems of `packageDir`'s built output (relative imports that point nowhere, bare
 * imports that are not declared), and the packages it imports.
 * @param {string} packageDir a folder with package.json and .medusa/server/src
 * @returns {{problems: string[], modules: string[], files: number}}
 */
function checkPackageImports(packageDir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'))
  const declared = new Set([...Object.keys(pkg.dependencies || {}), ...Object.keys(pkg.peerDependencies || {})])
  const builtins = new Set(builtinModules)
  const srcDir = path.join(packageDir, '.medusa', 'server', 'src')
  if (!fs.existsSync(srcDir)) throw new Error(`${srcDir} does not exist: run \`npx medusa plugin:build\` first`)
  const problems = new Set()
  const seen = new Set()
  const files = jsFiles(srcDir)
  for (const file of files) {
    const where = path.relative(packageDir, file)
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const specifier = m[1] || m[2] || m[3] || m[4]
      if (specifier.startsWith('.')) {
        const base = path.resolve(path.dirname(file), specifier)
        if (!['', '.js', '.mjs', '.cjs', '.json', '/index.js'].some((ext) => fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()))
          problems.add(`${where}: ${specifier} is not in the package`)
        continue
      }
      const name = packageOf(specifier)
      seen.add(name)
      if (name.startsWith('node:') || builtins.has(name) || declared.has(name)) continue
      problems.add(`${where}: imports "${specifier}", which is neither a dependency nor a peer dependency of ${pkg.name}`)
    }
  }
  return { problems: [...problems], modules: [...seen].sort(), files: files.length }
}

module.exports = { checkPackageImports, packageOf }
