#!/usr/bin/env node
'use strict'

/**
 * `npx --yes --legacy-peer-deps --package=medusa-plugin-bnpl medusa-bnpl-upgrade [--install] [--medusa 2.21.x]`,
 * run in a store's folder: brings every Medusa package the store lists to one release the plugin
 * is tested with (package.json's `testedMedusa`; a store above it is left as it is), as Medusa's upgrade guide asks (all `@medusajs/*` together), plus what that release's
 * admin needs beside them: `@medusajs/ui` at the dashboard's version and `react-router-dom` at 7
 * (Medusa 2.21's dashboard; the dtc-starter pins 6.30.4 and `@medusajs/ui` 4.2.0, and npm refuses
 * the upgrade, ERESOLVE, when one of them is left behind). It edits package.json only, then the
 * store runs its package manager's install (`--install` runs it). The store's package manager:
 * package.json's `packageManager` (`pnpm@10.11.1`), else its lock file (`pnpm-lock.yaml`,
 * `yarn.lock`, `package-lock.json`), in the store's folder or the first folder above it that has
 * one (the dtc-starter's backend is `apps/backend` of a pnpm workspace); none: npm. A
 * package-lock.json of the old release pins the old packages' own dependencies and npm will not
 * move them (ERESOLVE again), so the `@medusajs/*` entries and everything only they pulled in
 * are dropped from it: npm resolves them afresh and keeps the rest of the lock. pnpm and yarn
 * re-resolve a dependency whose range changed in package.json on their own: their locks are
 * left to them (`pnpm install --no-frozen-lockfile`: pnpm freezes its lock when CI is set).
 *
 * Plain Node, no dependency: it runs before the plugin can be installed. `--dry-run` prints the
 * changes without writing.
 */

const fs = require('node:fs')
const path = require('node:path')
const { execFileSync, spawnSync } = require('node:child_process')

const own = require('../package.json')
// The releases the plugin is tested with (">=2.21.0 <2.22.0", kept equal to src/lib/infrastructure/medusa-version.ts
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

/**
 * The commands of each package manager a merchant's store may use. `npx medusa ...` works in all
 * three (each puts the store's binaries in node_modules/.bin), so the migrations are run by npx.
 */
const PACKAGE_MANAGERS = {
  npm: { install: ['npm', 'install'], add: 'npm install' },
  pnpm: { install: ['pnpm', 'install', '--no-frozen-lockfile'], add: 'pnpm add' },
  yarn: { install: ['yarn', 'install'], add: 'yarn add' },
}
const LOCK_FILES = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
]

/**
 * The store's package manager, from `dir` up: the first folder whose package.json names one
 * (`packageManager`: `pnpm@10.11.1`) or that holds a lock file. `{name, version, root, why}`;
 * npm in `dir` when nothing says.
 */
function detectPackageManager(dir = process.cwd()) {
  let at = path.resolve(dir)
  for (;;) {
    const pkgFile = path.join(at, 'package.json')
    if (fs.existsSync(pkgFile)) {
      let declared
      try {
        declared = JSON.parse(fs.readFileSync(pkgFile, 'utf8')).packageManager
      } catch {
        declared = undefined
      }
      const m = /^(npm|pnpm|yarn)@([^+\s]+)/.exec(String(declared ?? ''))
      if (m) return { name: m[1], version: m[2], root: at, why: `packageManager ${declared} in ${pkgFile}` }
    }
    const lock = LOCK_FILES.find(([file]) => fs.existsSync(path.join(at, file)))
    if (lock) return { name: lock[1], version: undefined, root: at, why: path.join(at, lock[0]) }
    const up = path.dirname(at)
    if (up === at) return { name: 'npm', version: undefined, root: path.resolve(dir), why: 'no lock file nor packageManager' }
    at = up
  }
}

/** `pnpm add medusa-plugin-bnpl@latest` and so on: the plugin's own upgrade with `manager`. */
const pluginUpgradeCommand = (manager) => `${PACKAGE_MANAGERS[manager].add} medusa-plugin-bnpl@latest`

/**
 * Runs `manager`'s install in `root`. pnpm or yarn not on PATH: through npx from the npm registry
 * (`npx --yes pnpm@10.11.1 install`, the packageManager's version when it names one).
 */
function runInstall({ name, version, root }) {
  const [command, ...args] = PACKAGE_MANAGERS[name].install
  console.log(`Running ${[command, ...args].join(' ')} in ${root}`)
  // npx passes its own flags down as npm_config_* (README's `--yes --legacy-peer-deps
  // --package=...`): the store's install must not inherit them (legacy peers would hide ERESOLVE
  // and skip the peers npm installs).
  const env = { ...process.env }
  for (const key of Object.keys(env)) if (/^npm_config_(legacy_peer_deps|yes|package|call)$/i.test(key)) delete env[key]
  let result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  if (result.error && result.error.code === 'ENOENT' && name !== 'npm') {
    const pinned = `${name}@${version || 'latest'}`
    console.log(`${command} is not on PATH: npx --yes ${pinned} ${args.join(' ')}`)
    result = spawnSync('npx', ['--yes', pinned, ...args], { cwd: root, stdio: 'inherit', env })
  }
  if (result.error) fail(`${command} install could not run: ${result.error.message}`)
  if (result.status !== 0) fail(`${command} install failed (exit ${result.status}); fix what it says, then run it again`)
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
  const install = args.includes('--install')
  const at = args.indexOf('--medusa')
  const file = path.resolve('package.json')
  if (!fs.existsSync(file)) fail(`no package.json in ${process.cwd()}: run it in your Medusa store's folder`)
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
  const sections = ['dependencies', 'devDependencies'].filter((s) => pkg[s])
  const listed = sections.map((s) => pkg[s]['@medusajs/medusa']).find(Boolean)
  if (!listed) fail(`${file} lists no @medusajs/medusa: is this a Medusa store?`)
  const manager = detectPackageManager()
  if (at < 0 && aboveRange(listed)) {
    fail(
      `the store lists @medusajs/medusa ${listed}, newer than the releases medusa-plugin-bnpl is tested with (${RANGE}); ` +
        `this command does not move a store back: install a release of the plugin tested with it (${pluginUpgradeCommand(manager.name)}), ` +
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
  const installCommand = PACKAGE_MANAGERS[manager.name].install.join(' ')
  console.log(`Package manager: ${manager.name} (${manager.why})`)
  if (!changes.length) {
    console.log(`Every Medusa package of ${file} is already at ${version}.`)
    if (install && !dryRun) runInstall(manager)
    return
  }
  console.log(`${dryRun ? 'Would change' : 'Changed'} in package.json (Medusa ${version}):\n${changes.join('\n')}`)
  if (dryRun) return
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n')
  const lockFile = path.join(manager.root, 'package-lock.json')
  if (manager.name === 'npm' && fs.existsSync(lockFile)) {
    const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'))
    const dropped = loosenLock(lock)
    fs.writeFileSync(lockFile, JSON.stringify(lock, null, 2) + '\n')
    console.log(`${lockFile}: ${dropped} entries of the old release dropped, to be resolved again.`)
  }
  if (install) {
    runInstall(manager)
    console.log('Now run: npx medusa db:migrate')
  } else {
    console.log(`Now run: ${manager.root === process.cwd() ? '' : `(in ${manager.root}) `}${installCommand} && npx medusa db:migrate`)
  }
}

if (require.main === module) main()

module.exports = { target, loosenLock, inRange, aboveRange, dashboardPeers, detectPackageManager, runInstall, pluginUpgradeCommand, PACKAGE_MANAGERS }
