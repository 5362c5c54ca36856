'use strict'

/**
 * Medusa's two starters as a merchant clones them (integration-tests/install/starters: their real
 * package.json and seed, commits named there), written into a store folder for the install test,
 * with the template's medusa-config.ts (README step 2 pasted at its marker) and tsconfig.json.
 */

const fs = require('node:fs')
const path = require('node:path')
const { TEMPLATE_DIR, MARKER } = require('../lib/starter-store')

const ROOT = path.resolve(__dirname, '..', '..')
const STARTERS_DIR = path.join(ROOT, 'integration-tests', 'install', 'starters')

/**
 * Each starter: where its seed goes and how it runs (README step 5 names both ways). The seeds
 * are kept as `.ts.txt`: the starters' code verbatim, data to this repository (not compiled,
 * linted or counted as ours), written back as `.ts` into the store.
 * `workspace`: the starter is a pnpm workspace (the dtc-starter: `packageManager` pnpm@10.11.1,
 * its root `pnpm-lock.yaml`, the backend in `apps/backend`), cloned whole from `archive` (`git
 * archive` of the commit named in integration-tests/install/starters/README.md) and installed
 * with pnpm as its own README does; the others are one folder installed with npm.
 */
const STARTERS = {
  'dtc-starter': {
    seedFile: 'initial-data-seed.ts',
    seedTo: 'src/migration-scripts',
    seedCommand: null,
    workspace: { archive: path.join(ROOT, 'integration-tests', 'dtc-starter', 'dtc-starter-9233262.tar.gz'), backendDir: path.join('apps', 'backend') },
  },
  'medusa-starter-default': { seedFile: 'seed.ts', seedTo: 'src/scripts', seedCommand: 'npm run seed' },
}

function starterNames() {
  return Object.keys(STARTERS)
}

/** The starter's own package.json (its Medusa release, before README's upgrade). */
function starterPackage(name) {
  return JSON.parse(fs.readFileSync(path.join(STARTERS_DIR, name, 'package.json'), 'utf8'))
}

/**
 * Writes starter `name` into `dir`: its package.json (every `@medusajs/*` of both sections at
 * `pinMedusa` when given: the refusal store, forced onto a release outside the range), its seed
 * file, the template's tsconfig.json and medusa-config.ts with `config` at the marker and
 * `projectConfigLines` added to the starter's `projectConfig`. Returns the starter's description.
 * @param {string} dir @param {{name: string, config: string, projectConfigLines?: string[], pinMedusa?: string}} options
 */
function writeStarter(dir, { name, config, projectConfigLines = [], pinMedusa }) {
  const starter = STARTERS[name]
  if (!starter) throw new Error(`unknown starter ${name} (have ${starterNames().join(', ')})`)
  const pkg = starterPackage(name)
  if (pinMedusa) {
    for (const section of ['dependencies', 'devDependencies'])
      for (const dep of Object.keys(pkg[section] || {})) if (dep.startsWith('@medusajs/') && dep !== '@medusajs/ui') pkg[section][dep] = pinMedusa
  }
  fs.mkdirSync(path.join(dir, starter.seedTo), { recursive: true })
  fs.copyFileSync(path.join(STARTERS_DIR, name, `${starter.seedFile}.txt`), path.join(dir, starter.seedTo, starter.seedFile))
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n')
  fs.copyFileSync(path.join(TEMPLATE_DIR, 'tsconfig.json'), path.join(dir, 'tsconfig.json'))
  let medusaConfig = fs.readFileSync(path.join(TEMPLATE_DIR, 'medusa-config.ts'), 'utf8')
  if (!medusaConfig.includes(MARKER)) throw new Error(`${TEMPLATE_DIR}/medusa-config.ts lacks the marker ${MARKER}`)
  medusaConfig = medusaConfig.replace(MARKER, config)
  if (projectConfigLines.length) {
    const anchor = '  projectConfig: {\n'
    if (!medusaConfig.includes(anchor)) throw new Error(`${TEMPLATE_DIR}/medusa-config.ts: no "${anchor.trim()}" to add ${projectConfigLines.join(' ')} to`)
    medusaConfig = medusaConfig.replace(anchor, anchor + projectConfigLines.map((l) => `    ${l}\n`).join(''))
  }
  fs.writeFileSync(path.join(dir, 'medusa-config.ts'), medusaConfig)
  return { ...starter, medusa: pkg.dependencies['@medusajs/medusa'] }
}

/**
 * The package manager of a store cloned from `name`: npm, or the workspace's `packageManager`
 * (`pnpm@10.11.1`) run from the npm registry the way the upgrade command runs it when it is not
 * on PATH (`npx --yes pnpm@10.11.1 ...`). `{name, version, command}`: `command` the argv prefix.
 * @param {string} name @param {string} [rootDir] the cloned workspace's root (its package.json)
 */
function packageManagerOf(name, rootDir) {
  if (!STARTERS[name]?.workspace) return { name: 'npm', version: undefined, command: ['npm'] }
  const declared = String(JSON.parse(fs.readFileSync(path.join(/** @type {string} */ (rootDir), 'package.json'), 'utf8')).packageManager ?? '')
  const m = /^(pnpm)@([^+\s]+)/.exec(declared)
  if (!m) throw new Error(`${rootDir}/package.json: packageManager is "${declared}", expected pnpm@<version>`)
  return { name: m[1], version: m[2], command: ['npx', '--yes', `${m[1]}@${m[2]}`] }
}

/**
 * The install test's `--ui <version>[:<starter>@<medusa>]`: `{version, matches(starter, medusa)}`,
 * the stores it names (`dtc-starter@2.21.2`, `dtc-starter`, `@2.21.2`; nothing: every one), or
 * undefined without the option.
 * @param {string | undefined} value
 */
function parseUiOption(value) {
  if (!value) return undefined
  const [version, where = ''] = value.split(':')
  const [starter, medusa] = where.includes('@') ? where.split('@') : [where, '']
  if (!/^\d+\.\d+\.\d+(-\S+)?$/.test(version)) throw new Error(`--ui: ${value} does not start with a version of @medusajs/ui`)
  if (starter && !starterNames().includes(starter)) throw new Error(`--ui: unknown starter ${starter} (have ${starterNames().join(', ')})`)
  return { version, matches: (/** @type {string} */ s, /** @type {string} */ m) => (!starter || starter === s) && (!medusa || medusa === m) }
}

module.exports = { STARTERS, starterNames, starterPackage, writeStarter, packageManagerOf, parseUiOption }
