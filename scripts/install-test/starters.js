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
 */
const STARTERS = {
  'dtc-starter': { seedFile: 'initial-data-seed.ts', seedTo: 'src/migration-scripts', seedCommand: null },
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

module.exports = { STARTERS, starterNames, starterPackage, writeStarter }
