'use strict'

/**
 * The store and the plugin installed in it (install test, step 2): a store in the temporary folder
 * cloned from one of Medusa's starters at its own Medusa release, its own `npm install`, README's
 * upgrade to `--medusa <version>`, then a real `npm install <tarball>` as a merchant runs `npm
 * install medusa-plugin-bnpl` (refused by npm outside the peer range, then forced); then what
 * the store resolves: the plugin from its own node_modules, importing only what it declares, its
 * peers within their ranges.
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { builtinModules } = require('node:module')
const { checkPackageImports } = require('../lib/package-imports')
const { ROOT, PLUGIN_NAME, ROOT_PKG, MEDUSA_RANGE, TESTED_MEDUSA, semver } = require('./plugin')
const { kindOf } = require('./registry')
const { check, assert, say, seconds } = require('./checks')
const { run, runInBackground, workFolder } = require('./commands')
const { STARTERS, writeStarter, packageManagerOf } = require('./starters')
const { UPGRADE_COMMAND } = require('./readme')

/**
 * The store to make: in its own temporary folder, `starterName` at `medusaVersion` (outside the
 * plugin's range: the refusal is what is checked).
 * @param {{medusaVersion: string, starterName: string}} options
 */
function makeStore({ medusaVersion, starterName, ui }) {
  // Our own folder; as root it must be traversable by the `postgres` user that runs the cluster.
  const tmp = workFolder('bnpl-install-test-')
  fs.chmodSync(tmp, 0o755)
  // A workspace starter (the dtc-starter): the whole repository in `root`, the backend below it.
  const root = path.join(tmp, 'store')
  const workspace = STARTERS[starterName]?.workspace
  const dir = workspace ? path.join(root, workspace.backendDir) : root
  say(`temporary folder ${tmp}`)
  // tested: the merchant's journey; untested (above testedMedusa, in the peers: the canary of the
  // next Medusa): the refusal sentence, then the journey opted in; outside: the refusal.
  const kind = kindOf(medusaVersion)
  const inRange = kind !== 'outside'
  const expecting = { tested: '', untested: ': untested, expecting the sentence, then the journey with BNPL_ALLOW_UNTESTED_MEDUSA', outside: ': expecting the refusal' }[kind]
  say(`store on Medusa ${medusaVersion}; npm accepts the plugin on ${MEDUSA_RANGE}, tested on ${TESTED_MEDUSA}${expecting}`)
  return {
    tmp,
    root,
    dir,
    workspace,
    /** @type {{name: string, version?: string, command: string[]}} the store's package manager (a workspace's: once cloned) */
    pm: workspace ? undefined : packageManagerOf(starterName),
    ui,
    medusaVersion,
    starterName,
    kind,
    inRange,
    pluginDir: path.join(dir, 'node_modules', PLUGIN_NAME),
    serverDir: path.join(dir, '.medusa', 'server'),
    npmArgs: ['--no-audit', '--no-fund', '--prefer-offline'],
  }
}

/**
 * The starter written as cloned (README step 2 in its config) and its own install: `npm install`;
 * a pnpm workspace (the dtc-starter) cloned whole and installed as its README says, `pnpm
 * install` at its root, from its own lock file (`--frozen-lockfile`: pnpm fails rather than
 * resolve anything the lock does not say), pnpm run from the npm registry at the version of its
 * `packageManager`.
 */
function cloneStarter(store, install) {
  const { dir, root, workspace, starterName, inRange, medusaVersion } = store
  const how = workspace ? 'the whole pnpm workspace, its own pnpm install from its pnpm-lock.yaml' : 'its own npm install'
  return check(`${starterName} as cloned: ${how}`, async () => {
    const t = Date.now()
    if (workspace) {
      fs.mkdirSync(root, { recursive: true })
      await run('clone-starter', 'tar', ['-xzf', workspace.archive, '-C', root], { cwd: root })
      store.pm = packageManagerOf(starterName, root)
    }
    const pinMedusa = inRange ? undefined : medusaVersion
    const written = writeStarter(dir, { name: starterName, config: install.config, projectConfigLines: install.projectConfigLines, pinMedusa })
    if (workspace) {
      // The refusal store's package.json is not the lock's: pnpm resolves what changed.
      const [command, ...pm] = store.pm.command
      await run('pnpm-install-starter', command, [...pm, 'install', pinMedusa ? '--no-frozen-lockfile' : '--frozen-lockfile'], { cwd: root, timeoutMs: 900_000 })
    } else {
      await run('npm-install-starter', 'npm', ['install', ...store.npmArgs], { cwd: dir, timeoutMs: 900_000 })
    }
    const pm = `${store.pm.name}${store.pm.version ? `@${store.pm.version}` : ''}`
    return { ...written, detail: `Medusa ${inRange ? written.medusa : medusaVersion} (package.json of ${starterName}${inRange ? '' : `, every @medusajs/* pinned at ${medusaVersion}`}); ${pm}; ${seconds(t)} s` }
  })
}

/** README's upgrade command to the version under test (its `--install`: the store's npm install). */
function upgradeMedusa(store) {
  const { dir, medusaVersion, tarball } = store
  return check(`README's upgrade to Medusa ${medusaVersion}: ${UPGRADE_COMMAND} --medusa ${medusaVersion}`, async () => {
    const t = Date.now()
    // The tarball stands for the registry's package, as in `npm install medusa-plugin-bnpl`.
    const upgrade = UPGRADE_COMMAND.replace(`--package=${PLUGIN_NAME}`, `--package=${tarball.file}`)
    // The store's package-lock.json (its own npm install) makes it npm's; the npm install it runs
    // takes the test's flags from the environment (npm_config_*).
    const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_prefer_offline: 'true' }
    const changed = await run('upgrade', 'bash', ['-c', `${upgrade} --medusa ${medusaVersion}`], { cwd: dir, env, timeoutMs: 1_200_000 })
    assert(changed.includes(`Package manager: ${store.pm.name} (`), `the upgrade did not detect the starter's ${store.pm.name}:\n${changed.slice(-1500)}`)
    const version = (/** @type {string} */ name) => JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version
    assert(version('@medusajs/medusa') === medusaVersion, `after the upgrade the store's @medusajs/medusa is ${version('@medusajs/medusa')}`)
    const moved = changed.split('\n').filter((l) => l.includes(' -> ')).length
    return `${moved} packages moved from ${store.starter.medusa}; ${['@medusajs/ui', 'react-router-dom'].filter((n) => fs.existsSync(path.join(dir, 'node_modules', n))).map((n) => `${n}@${version(n)}`).join(', ')}; ${seconds(t)} s`
  })
}

/**
 * `--ui <version>`: the store's `@medusajs/ui` moved past the dashboard's (a merchant who adds
 * the newest), with the `@medusajs/icons` that ui release requires (4.2.8 pins icons 2.22.1,
 * read from the registry), by the store's package manager's add (`npm install` / `pnpm add`),
 * before the plugin is installed. Then Medusa's own draft-order plugin must still load from the
 * store: @medusajs/draft-order 2.21.x pins its peers `@medusajs/ui` and `@medusajs/icons` to its
 * release's (4.2.6, 2.21.2), and npm, which cannot satisfy them beside 4.2.8 at the top, nests
 * it under @medusajs/medusa when the store does not list it (medusa-starter-default): `medusa
 * db:migrate` then stops at "Unable to resolve plugin "@medusajs/draft-order"". pnpm links what
 * the store lists (the dtc-starter lists it) and warns of the peers.
 */
function moveUi(store) {
  const { dir, ui } = store
  return check(`the store's @medusajs/ui moved to ${ui} with the @medusajs/icons it requires (${store.pm.name === 'pnpm' ? 'pnpm add' : 'npm install'})`, async () => {
    const t = Date.now()
    const out = spawnSync('npm', ['view', `@medusajs/ui@${ui}`, 'dependencies', '--json'], { encoding: 'utf8' })
    assert(out.status === 0, `npm view @medusajs/ui@${ui} failed: ${out.stderr}`)
    const icons = JSON.parse(out.stdout)['@medusajs/icons']
    assert(icons, `@medusajs/ui@${ui} does not depend on @medusajs/icons`)
    const specs = [`@medusajs/ui@${ui}`, `@medusajs/icons@${icons}`]
    if (store.pm.name === 'pnpm') {
      const [command, ...pm] = store.pm.command
      await run('pnpm-add-ui', command, [...pm, 'add', ...specs], { cwd: dir, timeoutMs: 900_000 })
    } else {
      await run('npm-install-ui', 'npm', ['install', ...store.npmArgs, ...specs], { cwd: dir, timeoutMs: 900_000 })
    }
    const version = (/** @type {string} */ name) => JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version
    assert(version('@medusajs/ui') === ui, `the store's @medusajs/ui is ${version('@medusajs/ui')}, expected ${ui}`)
    assert(version('@medusajs/icons') === icons, `the store's @medusajs/icons is ${version('@medusajs/icons')}, expected ${icons}`)
    const draft = path.join(dir, 'node_modules', '@medusajs', 'draft-order', 'package.json')
    if (!fs.existsSync(draft)) {
      const nested = path.join(dir, 'node_modules', '@medusajs', 'medusa', 'node_modules', '@medusajs', 'draft-order', 'package.json')
      const peers = fs.existsSync(nested) ? JSON.parse(fs.readFileSync(nested, 'utf8')).peerDependencies || {} : {}
      assert(
        false,
        `the store no longer has @medusajs/draft-order at its top${fs.existsSync(nested) ? ` (${store.pm.name} nested it under @medusajs/medusa: its peers pin @medusajs/ui ${peers['@medusajs/ui']} and @medusajs/icons ${peers['@medusajs/icons']})` : ''}: ` +
          `Medusa loads it as a plugin from the store and would stop at "Unable to resolve plugin "@medusajs/draft-order"". @medusajs/ui ${ui} needs the Medusa release whose draft-order accepts it; README's upgrade command puts @medusajs/ui and @medusajs/icons back at the store's Medusa`
      )
    }
    return `${specs.join(', ')}; @medusajs/draft-order ${JSON.parse(fs.readFileSync(draft, 'utf8')).version} still at the store's top; ${seconds(t)} s`
  })
}

/**
 * A store moved to an untested Medusa (the canary): what README's upgrade command does (every
 * `@medusajs/*` at the version, the dashboard's `@medusajs/ui` and `react-router-dom`, the old
 * release's lock entries dropped), which the command itself refuses above testedMedusa, then
 * `npm install`.
 */
function upgradeUntested(store) {
  const { dir, medusaVersion } = store
  return check(`the store moved to the untested Medusa ${medusaVersion} (medusa-bnpl-upgrade's edits), ${store.pm.name} install`, async () => {
    const t = Date.now()
    const upgrade = require(path.join(ROOT, 'bin', 'medusa-bnpl-upgrade.js'))
    const peers = upgrade.dashboardPeers(medusaVersion)
    const file = path.join(dir, 'package.json')
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
    let moved = 0
    for (const section of ['dependencies', 'devDependencies'])
      for (const [name, current] of Object.entries(pkg[section] || {})) {
        const next = upgrade.target(name, current, medusaVersion, peers)
        if (next && next !== current) (pkg[section][name] = next), moved++
      }
    fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n')
    if (store.pm.name === 'npm') {
      const lockFile = path.join(dir, 'package-lock.json')
      const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'))
      upgrade.loosenLock(lock)
      fs.writeFileSync(lockFile, JSON.stringify(lock, null, 2) + '\n')
      await run('npm-install-upgraded', 'npm', ['install', ...store.npmArgs], { cwd: dir, timeoutMs: 900_000 })
    } else {
      // pnpm re-resolves what package.json changed on its own (the upgrade command's install).
      const [command, ...pm] = store.pm.command
      await run('pnpm-install-upgraded', command, [...pm, ...upgrade.PACKAGE_MANAGERS.pnpm.install.slice(1)], { cwd: store.root, timeoutMs: 900_000 })
    }
    const version = (/** @type {string} */ name) => JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version
    assert(version('@medusajs/medusa') === medusaVersion, `after the upgrade the store's @medusajs/medusa is ${version('@medusajs/medusa')}`)
    return `${moved} packages moved from ${store.starter.medusa}; @medusajs/ui@${version('@medusajs/ui')}; ${seconds(t)} s`
  })
}

/**
 * `npm install <tarball>`; outside the range, npm's refusal first, then the install forced. A
 * pnpm store: README step 1's `pnpm add` in the backend's folder (pnpm warns of unmet peers and
 * installs: there is no refusal to force).
 */
function installPlugin(store) {
  const { dir, medusaVersion, inRange, tarball, npmArgs } = store
  const pnpm = store.pm.name === 'pnpm'
  return check(`${pnpm ? `${store.pm.command.join(' ')} add` : 'npm install'} ${PLUGIN_NAME} (the tarball) into the store on Medusa ${medusaVersion}`, async () => {
    const t = Date.now()
    if (pnpm) {
      const [command, ...pm] = store.pm.command
      const added = await run('pnpm-add-plugin', command, [...pm, 'add', tarball.file], { cwd: dir, timeoutMs: 600_000 })
      if (!inRange) assert(/unmet peer @medusajs\//.test(added), `pnpm added ${PLUGIN_NAME} to a store on Medusa ${medusaVersion} (outside ${MEDUSA_RANGE}) without an unmet peer warning:\n${added.slice(-1500)}`)
    } else if (!inRange) {
      // What a merchant meets first: npm refuses, naming the peer range.
      const refused = await runInBackground('npm-install-plugin', 'npm', ['install', ...npmArgs, tarball.file], { cwd: dir, timeoutMs: 600_000 })
      assert(!refused.ok, `npm installed ${PLUGIN_NAME} into a store on Medusa ${medusaVersion} (outside ${MEDUSA_RANGE}) without complaint`)
      assert(/ERESOLVE/.test(refused.output), `npm refused, but not with ERESOLVE:\n${refused.output}`)
      await run('npm-install-plugin-forced', 'npm', ['install', ...npmArgs, '--legacy-peer-deps', tarball.file], { cwd: dir, timeoutMs: 600_000 })
    } else if (semver.prerelease(medusaVersion)) {
      // A prerelease (the canary's snapshot): npm's peer check never matches one to ^2.21.0, so a
      // refusal is reported, and the install forced to see the rest.
      const plain = await runInBackground('npm-install-plugin', 'npm', ['install', ...npmArgs, tarball.file], { cwd: dir, timeoutMs: 600_000 })
      if (!plain.ok) {
        assert(/ERESOLVE/.test(plain.output), `npm install of the plugin failed, not with ERESOLVE:\n${plain.output.slice(-2000)}`)
        await run('npm-install-plugin-forced', 'npm', ['install', ...npmArgs, '--legacy-peer-deps', tarball.file], { cwd: dir, timeoutMs: 600_000 })
        store.forced = true
      }
    } else {
      await run('npm-install-plugin', 'npm', ['install', ...npmArgs, tarball.file], { cwd: dir, timeoutMs: 600_000 })
    }
    const installed = JSON.parse(fs.readFileSync(path.join(store.pluginDir, 'package.json'), 'utf8'))
    assert(installed.version === ROOT_PKG.version, `node_modules/${PLUGIN_NAME} is ${installed.version}, expected ${ROOT_PKG.version}`)
    const medusa = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', '@medusajs', 'medusa', 'package.json'), 'utf8')).version
    assert(medusa === medusaVersion, `the store's @medusajs/medusa is ${medusa}, expected ${medusaVersion}`)
    return `${seconds(t)} s${pnpm ? (inRange ? '' : ' (pnpm warned of the unmet peers)') : inRange && !store.forced ? '' : ' (refused with ERESOLVE; forced with --legacy-peer-deps as npm advises)'}`
  })
}

/** Links out of the store in its node_modules (scoped folders included). */
function linksOutOf(/** @type {string} */ storeDir, /** @type {string} */ within = storeDir) {
  const storeReal = fs.realpathSync(within)
  const links = []
  const inspect = (/** @type {string} */ dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isSymbolicLink() && !fs.realpathSync(full).startsWith(storeReal + path.sep)) links.push(full)
      else if (entry.isDirectory() && entry.name.startsWith('@')) inspect(full)
    }
  }
  inspect(path.join(storeDir, 'node_modules'))
  return links
}

/** The plugin resolves inside the store, and nothing in its node_modules links out of it (a workspace: out of its root). */
function loadsFromStoreOnly(store) {
  const storeDir = store.dir
  return check("the store loads the plugin from its node_modules, nothing from this repository", async () => {
    const resolved = spawnSync(
      process.execPath,
      ['-e', `for (const r of process.argv.slice(1)) console.log(require.resolve(r))`, `${PLUGIN_NAME}/providers/bnpl`, `${PLUGIN_NAME}/package.json`],
      { cwd: storeDir, encoding: 'utf8' }
    )
    assert(resolved.status === 0, `resolving ${PLUGIN_NAME} from the store failed: ${resolved.stderr}`)
    const storeReal = fs.realpathSync(store.root)
    const outside = resolved.stdout.trim().split('\n').filter((p) => !fs.realpathSync(p).startsWith(storeReal + path.sep))
    assert(!outside.length, `resolved outside the store: ${outside.join(', ')}`)
    const links = [...new Set([store.root, storeDir])].flatMap((d) => linksOutOf(d, store.root))
    assert(!links.length, `links out of the store: ${links.join(', ')}`)
    return `${PLUGIN_NAME}/providers/bnpl → ${path.relative(storeDir, fs.realpathSync(resolved.stdout.trim().split('\n')[0]))}`
  })
}

/**
 * Where Node finds package `name` from the plugin's real folder: the first
 * `<folder>/node_modules/<name>` up from it, or undefined.
 * @param {string} pluginDir @param {string} name
 */
function resolvedFromPlugin(pluginDir, name) {
  for (let at = fs.realpathSync(pluginDir); ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name)
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate
    if (path.dirname(at) === at) return undefined
  }
}

/**
 * The installed package's built code imports only Node built-ins and its declared (peer)
 * dependencies, and each resolves from where the plugin is installed. In a pnpm store, from the
 * packages pnpm links for the plugin (beside it in node_modules/.pnpm/<plugin>/node_modules):
 * pnpm links only what a package declares, so an import the package.json forgot shows there,
 * not through pnpm's hidden hoisting (node_modules/.pnpm/node_modules), which Node would also
 * find today and a later install may not hold.
 */
function importsOnlyDeclared(store) {
  return check('the installed plugin imports only Node built-ins and declared dependencies, each resolved for it', async () => {
    const { problems, modules } = checkPackageImports(store.pluginDir)
    assert(!problems.length, problems.join('\n'))
    const packages = modules.filter((m) => !m.startsWith('node:') && !builtinModules.includes(m))
    const linked = path.dirname(fs.realpathSync(store.pluginDir))
    const unresolved = packages.filter((name) => {
      const found = resolvedFromPlugin(store.pluginDir, name)
      return !found || (store.pm.name === 'pnpm' && path.dirname(name.startsWith('@') ? path.dirname(found) : found) !== linked)
    })
    assert(!unresolved.length, `not resolved for the plugin${store.pm.name === 'pnpm' ? ` among the packages pnpm linked for it (${linked})` : ''}: ${unresolved.join(', ')}`)
    return packages.join(', ')
  })
}

/** Each peer dependency of the plugin, as the store resolved it, within its range. */
function peersWithinRanges(store) {
  return check(`the plugin's peers resolved in the store within their ranges`, async () => {
    // As the plugin resolves them (pnpm links a package's peers beside it, not in the backend's node_modules).
    const versions = Object.entries(ROOT_PKG.peerDependencies).map(([name, range]) => {
      const found = resolvedFromPlugin(store.pluginDir, name)
      const version = found ? JSON.parse(fs.readFileSync(path.join(found, 'package.json'), 'utf8')).version : 'missing'
      // A prerelease store (the canary) has prerelease peers: matched by their release.
      return { name, range, version, ok: version !== 'missing' && semver.satisfies(version, /** @type {string} */ (range), { includePrerelease: true }) }
    })
    const bad = versions.filter((v) => !v.ok)
    assert(!bad.length, bad.map((v) => `${v.name}@${v.version} (wanted ${v.range})`).join(', '))
    return versions.map((v) => `${v.name}@${v.version}`).join(', ')
  })
}

module.exports = { makeStore, cloneStarter, upgradeMedusa, moveUi, upgradeUntested, installPlugin, loadsFromStoreOnly, importsOnlyDeclared, peersWithinRanges }
