'use strict'

/**
 * Medusa's starter store, as a merchant has one: integration-tests/install/store (package.json,
 * tsconfig.json, and a medusa-config.ts holding the starter's `projectConfig` as `starter`),
 * written to a folder with a `defineConfig(...)` of the caller's at the template's marker. The
 * install test pastes README step 2 there (scripts/install-test.js); the bench's baseline is the
 * same store without the plugin (scripts/bench.js).
 */

const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')
const TEMPLATE_DIR = path.join(ROOT, 'integration-tests', 'install', 'store')
const MARKER = '// @readme-install-step-2'
const PLUGIN_NAME = 'medusa-plugin-bnpl'

/**
 * Writes the starter store into `dir` (with an empty src/): `config` in place of the marker of its
 * medusa-config.ts; `plugin`, the package.json dependency on the plugin (e.g. `file:<tarball>`),
 * or none; `medusaVersion`, every `@medusajs/*` dependency's version (default: the template's).
 * Returns the package.json written.
 * @param {string} dir @param {{config: string, plugin?: string, medusaVersion?: string}} options
 */
function writeStarterStore(dir, { config, plugin, medusaVersion }) {
  const template = fs.readFileSync(path.join(TEMPLATE_DIR, 'medusa-config.ts'), 'utf8')
  if (!template.includes(MARKER)) throw new Error(`${path.relative(ROOT, TEMPLATE_DIR)}/medusa-config.ts lacks the marker ${MARKER}`)
  const pkg = JSON.parse(fs.readFileSync(path.join(TEMPLATE_DIR, 'package.json'), 'utf8'))
  if (medusaVersion) for (const name of Object.keys(pkg.dependencies)) if (name.startsWith('@medusajs/')) pkg.dependencies[name] = medusaVersion
  if (plugin) pkg.dependencies[PLUGIN_NAME] = plugin
  else delete pkg.dependencies[PLUGIN_NAME]
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n')
  fs.copyFileSync(path.join(TEMPLATE_DIR, 'tsconfig.json'), path.join(dir, 'tsconfig.json'))
  fs.writeFileSync(path.join(dir, 'medusa-config.ts'), template.replace(MARKER, config))
  return pkg
}

module.exports = { TEMPLATE_DIR, MARKER, writeStarterStore }
