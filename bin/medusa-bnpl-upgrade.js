#!/usr/bin/env node
'use strict'

/**
 * `npx --yes --legacy-peer-deps --package=medusa-plugin-bnpl medusa-bnpl-upgrade [--medusa 2.21.x]`,
 * run in a store's folder: brings every Medusa package the store lists to one release the plugin
 * is tested with (package.json's `testedMedusa`; a store above it is left as it is), as Medusa's upgrade guide asks (all `@medusajs/*` together), plus what that release's
 * admin needs beside them: `@medusajs/ui` at the dashboard's version and `react-router-dom` at 7
 * (Medusa 2.21's dashboard; the dtc-starter pins 6.30.4 and `@medusajs/ui` 4.2.0, and npm refuses
 * the upgrade, ERESOLVE, when one of them is left behind). It edits package.json only, then the
 * store runs `npm install`. A lockfile of the old release pins the old packages' own
 * dependencies and npm will not move them (ERESOLVE again), so the `@medusajs/*` entries and
 * everything only they pulled in are dropped from package-lock.json: npm resolves them afresh and
 * keeps the rest of the lock.
 *
 * Plain Node, no dependency: it runs before the plugin can be installed. `--dry-run` prints the
 * changes without writing.
 */

const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const own = require('../package.json')
// The releases the plugin is tested with (">=2.21.0 <2.22.0", kept equal to src/lib/medusa-version.ts
// by a unit test): the only ones this command moves a store to. The peers (`^2.21.0`) accept more,
// where the plugin refuses new payments unless the merchant opts in (docs/decisions.md).
const RANGE = own.testedMedusa
const NEWEST = own.devDependencies?.['@medusajs/medusa'] ?? RANGE.match(/>=(\S+)/)[1]

/** [major, minor, patch] of a plain release, or undefined. */
const parse = (v) => (/^(\d+)\.(\d+)\.(\d+)$/.exec(String(v).trim()) || []).slice(1).map(Number)
const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

function inRange(version) {
  const v = parse(version)
  const [, low, high] = /^>=(\S+) <(\S+)$/.exec(RANGE) || []
  return v.length === 3 && cmp(v, parse(low)) >= 0 && cmp(v, parse(high)) < 0
}

/**
 * Whether the store's listed Medusa (`2.22.0`, `^2.22.1`, `2.22.0-snapshot-...`) is above the
 * tested range: such a store is never moved back (its database may hold the newer release's
 * migrations, which Medusa does not undo).
 */
function aboveRange(listed) {
  const m = /^[\^~]?(\d+)\.(\d+)\.(\d+)(?:-\S*)?$/.exec(String(listed).trim())
  const [, , high] = /^>=(\S+) <(\S+)$/.exec(RANGE) || []
  return !!m && cmp(m.slice(1, 4).map(Number), parse(high)) >= 0
}

function fail(message) {
  console.error(`medusa-bnpl-upgrade: ${message}`)
  process.exit(1)
}

/** What Medusa's dashboard of `version` runs with: its `@medusajs/ui` and `react-router-dom`. */
function dashboardPeers(version) {
  try {
    const out = execFileSync('npm', ['view', `@medusajs/dashboard@${version}`, 'dependencies', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const deps = JSON.parse(out)
    return { ui: deps['@medusajs/ui'], router: deps['react-router-dom'] }
  } catch (e) {
    fail(`could not read @medusajs/dashboard@${version} from the npm registry (${String(e.message).split('\n')[0]})`)
  }
}

/** The new version of one dependency the store lists, or undefined to leave it. */
function target(name, current, version, peers) {
  if (name === '@medusajs/ui') return peers.ui
  if (name.startsWith('@medusajs/')) return version
  // Only a store below Medusa's router major moves: a store already on 7 keeps its own pin.
  if (name === 'react-router-dom' && peers.router && !/^[\^~]?7\./.test(current)) return peers.router
  return undefined
}

/**
 * Drops from a lockfile (v2/v3) the packages to be re-resolved: every `@medusajs/*` and
 * `react-router-dom` entry, at any depth, so npm resolves the new release's tree afresh.
 */
function loosenLock(lock) {
  const moved = (key) => /(^|\/)node_modules\/(@medusajs\/[^/]+|react-router-dom|react-router)$/.test(key)
  let dropped = 0
  for (const key of Object.keys(lock.packages || {})) {
    if (key && (moved(key) || /node_modules\/@medusajs\/[^/]+\/node_modules\//.test(key))) {
      delete lock.packages[key]
      dropped++
    }
  }
  delete lock.dependencies // lockfile v1/v2's legacy section: npm rebuilds it from `packages`
  return dropped
}

function main() {
  const args = process.argv.slice(2)
  const dryRun = args.includes('--dry-run')
  const at = args.indexOf('--medusa')
  const file = path.resolve('package.json')
  if (!fs.existsSync(file)) fail(`no package.json in ${process.cwd()}: run it in your Medusa store's folder`)
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
  const sections = ['dependencies', 'devDependencies'].filter((s) => pkg[s])
  const listed = sections.map((s) => pkg[s]['@medusajs/medusa']).find(Boolean)
  if (!listed) fail(`${file} lists no @medusajs/medusa: is this a Medusa store?`)
  if (at < 0 && aboveRange(listed)) {
    fail(
      `the store lists @medusajs/medusa ${listed}, newer than the releases medusa-plugin-bnpl is tested with (${RANGE}); ` +
        'this command does not move a store back: install a release of the plugin tested with it (npm install medusa-plugin-bnpl@latest), ' +
        'or keep this one, which serves the payments already taken and refuses new ones until BNPL_ALLOW_UNTESTED_MEDUSA is set (README)'
    )
  }
  // A store already in the range keeps its release (its other packages and peers join it).
  const version = at >= 0 ? args[at + 1] : inRange(listed) ? listed : NEWEST
  if (!version || !inRange(version)) fail(`--medusa must name a release in ${RANGE} (got ${version ?? 'nothing'})`)

  const peers = dashboardPeers(version)
  const changes = []
  for (const section of sections) {
    for (const [name, current] of Object.entries(pkg[section])) {
      const next = target(name, current, version, peers)
      if (next && next !== current) {
        pkg[section][name] = next
        changes.push(`  ${name}: ${current} -> ${next}`)
      }
    }
  }
  if (!changes.length) {
    console.log(`Every Medusa package of ${file} is already at ${version}.`)
    return
  }
  console.log(`${dryRun ? 'Would change' : 'Changed'} in package.json (Medusa ${version}):\n${changes.join('\n')}`)
  if (dryRun) return
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n')
  const lockFile = path.resolve('package-lock.json')
  if (fs.existsSync(lockFile)) {
    const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'))
    const dropped = loosenLock(lock)
    fs.writeFileSync(lockFile, JSON.stringify(lock, null, 2) + '\n')
    console.log(`package-lock.json: ${dropped} entries of the old release dropped, to be resolved again.`)
  }
  console.log('Now run: npm install && npx medusa db:migrate')
}

if (require.main === module) main()

module.exports = { target, loosenLock, inRange, aboveRange }
