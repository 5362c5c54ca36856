#!/usr/bin/env node
'use strict'

/**
 * `node scripts/install-test.js` (`npm run test:install`): the packed plugin installed in a
 * separate Medusa store, as a merchant installs it (README "Install in your store").
 *
 *  1. `medusa plugin:build`, `npm pack`: the tarball must hold what a store needs and nothing
 *     else (no tests, sandbox, scripts, TypeScript sources, .env, .demo, the repo's own
 *     medusa-config), every `exports` target, and built code that imports only Node built-ins
 *     and the package's declared dependencies / peer dependencies (scripts/lib/package-imports.js).
 *  2. A store in a temporary folder (under os.tmpdir()) cloned from one of Medusa's starters
 *     (`--starters`: integration-tests/install/starters, their real package.json and seed) at its
 *     own Medusa release: its own `npm install`, then README's upgrade command to `--medusa
 *     <version>` and `npm install`, then a real `npm install <tarball>` as a merchant runs `npm
 *     install medusa-plugin-bnpl` (npm's cache is reused between runs; nothing is linked from
 *     this repository). The store's medusa-config.ts gets README step 2 verbatim and step 4's
 *     `cookieOptions` line.
 *  3. Embedded PostgreSQL + the sandbox; the README's commands in the store (`npx medusa
 *     db:migrate`), an admin user, `medusa build` (backend + admin with the plugin's
 *     extensions), `npm install` in .medusa/server and `medusa start` from there (production
 *     mode, as Medusa documents), then over HTTP what a merchant does: enable pp_bnpl_bnpl on a
 *     region, a publishable key, the plugin's store, admin and notification routes, the admin
 *     settings (paste the key, verify); the subscribers, jobs, workflows and routes registered
 *     from the installed package; the admin logged into with its session cookie over http
 *     (README step 4), and an order of the starter's catalogue paid in 3 instalments and
 *     fulfilled, until its `shipping_info` reaches the sandbox.
 *  A `--medusa` version outside the plugin's peer range checks the refusal instead: npm refuses
 *  the install (ERESOLVE); forced with `--legacy-peer-deps`, the store starts, logs one line
 *  (version found, range, upgrade command), registers no pp_bnpl_bnpl, and the settings say why.
 *
 *   node scripts/install-test.js                   run it (exit 1 on any failed check)
 *   node scripts/install-test.js --medusa 2.21.0   the store at another Medusa version
 *   node scripts/install-test.js --keep            keep the temporary folder (logs, store) for a look
 *   node scripts/install-test.js --verbose         stream the commands' output
 *
 * Everything started is stopped at the end, on failure and on Ctrl-C; the folder is removed.
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawn, spawnSync } = require('node:child_process')
const { builtinModules } = require('node:module')
const { startPostgres, findFreePort } = require('./lib/postgres')
const { settle, stripAnsi, logTail, killGroup, spawnLogged, waitForHealth, startedHere, onStopSignals } = require('./lib/processes')
const { ADMIN, SANDBOX_KEY } = require('./lib/medusa')
const { request } = require('./lib/store-api')
const { commandLine } = require('./lib/command-line')
const { starterNames, writeStarter } = require('./install-test/starters')
const { adminCookieLogin, firstOrderWithShippingInfo } = require('./install-test/journey')
const { checkPackageImports } = require('./lib/package-imports')
const semver = require(require.resolve('semver', { paths: [path.resolve(__dirname, '..')] }))

const ROOT = path.resolve(__dirname, '..')
const PLUGIN_NAME = 'medusa-plugin-bnpl'
const PROVIDER_ID = 'pp_bnpl_bnpl'
// Generous: on a loaded CI machine a production start takes minutes.
const HEALTH_TIMEOUT_MS = 600_000
/** README's commands for a merchant's encryption key and for starting a built store (run as written). */
const ENCRYPTION_KEY_COMMAND = 'echo "BNPL_ENCRYPTION_KEY=$(openssl rand -hex 32)" >> .env'
const SERVER_INSTALL_COMMAND = 'cd .medusa/server && npm install && cp ../../.env .env'
/** Every command of README's install section; the test performs each (the tarball stands for `npm install medusa-plugin-bnpl`). */
/** README's upgrade (run in every store first: the starters are below the range). */
const UPGRADE_COMMAND = `npx --yes --legacy-peer-deps --package=${PLUGIN_NAME} medusa-bnpl-upgrade`
const REQUIRED_COMMANDS = [UPGRADE_COMMAND, 'npm install', `npm install ${PLUGIN_NAME}`, ENCRYPTION_KEY_COMMAND, 'npx medusa db:migrate', 'npx medusa build', SERVER_INSTALL_COMMAND, 'npx medusa start']

const args = commandLine('Usage: node scripts/install-test.js [--medusa <version>[,<version>...]] [--starters <name>[,<name>...]] [--tarball <file>] [--keep] [--verbose]')
const KEEP = args.has('--keep')
const VERBOSE = args.has('--verbose')
const ROOT_PKG = require(path.join(ROOT, 'package.json'))
/** The stores' Medusa versions: `--medusa` (several, comma-separated), else the version this repository is developed with. */
const MEDUSA_VERSIONS = (args.value('--medusa') || ROOT_PKG.devDependencies['@medusajs/medusa']).split(',').map((v) => v.trim()).filter(Boolean)
const MEDUSA_VERSION = MEDUSA_VERSIONS[0]
/** Medusa's starters the stores are cloned from (integration-tests/install/starters). */
const STARTER_NAMES = (args.value('--starters') || 'dtc-starter').split(',').map((v) => v.trim()).filter(Boolean)
for (const name of STARTER_NAMES) if (!starterNames().includes(name)) throw new Error(`--starters: unknown starter ${name} (have ${starterNames().join(', ')})`)
const STARTER = STARTER_NAMES[0]
/** A tarball already packed (by the run of several versions): not built nor packed again. */
const GIVEN_TARBALL = args.value('--tarball')
/** The plugin's supported range (its peer dependency on @medusajs/medusa). */
const MEDUSA_RANGE = ROOT_PKG.peerDependencies['@medusajs/medusa']

const started = Date.now()
const seconds = (/** @type {number} */ since) => ((Date.now() - since) / 1000).toFixed(1)
const say = (/** @type {string} */ line) => console.log(`[install-test] ${line}`)

// ------------------------------------------------------------------------------------ state

/**
 * Everything started (the temporary folder, PostgreSQL, the sandbox, commands), stopped in
 * reverse order: on success, on failure and on Ctrl-C; the folder removed unless --keep.
 */
const running = startedHere()
/** The temporary folder (logs, the store, the tarball). @type {string} */
let tmp = ''
let interrupted = false

onStopSignals(async (signal) => {
  console.error(`\n[install-test] ${signal}: stopping everything`)
  interrupted = true
  await running.stopAll()
  process.exit(130)
})

// ------------------------------------------------------------------------------------ checks

/** @type {{name: string, ok: boolean, detail: string, seconds: string}[]} */
const results = []

class CheckFailed extends Error {}

/**
 * Runs one named check; its detail (returned string) goes to the summary. A failure stops the
 * run (later checks depend on earlier ones).
 * @template T
 * @param {string} name @param {() => Promise<T>} fn @returns {Promise<T>}
 */
async function check(name, fn) {
  const t = Date.now()
  try {
    const value = await fn()
    const detail = typeof value === 'string' ? value : value && typeof value === 'object' && 'detail' in value ? String(value.detail) : ''
    results.push({ name, ok: true, detail, seconds: seconds(t) })
    say(`ok   ${name}${detail ? ` — ${detail}` : ''} (${seconds(t)} s)`)
    return value
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    results.push({ name, ok: false, detail: message, seconds: seconds(t) })
    say(`FAIL ${name} (${seconds(t)} s)\n${message}`)
    throw new CheckFailed(message)
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message)
}

// ------------------------------------------------------------------------------------ processes

/**
 * Runs a command to completion, output in `<tmp>/logs/<name>.log` (its tail in the error).
 * @param {string} name @param {string} command @param {string[]} commandArgs
 * @param {{cwd: string, env?: NodeJS.ProcessEnv, timeoutMs?: number}} options
 * @returns {Promise<string>} its standard output
 */
function run(name, command, commandArgs, { cwd, env = process.env, timeoutMs = 900_000 }) {
  const logFile = logPath(name)
  const out = fs.openSync(logFile, 'w')
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const tracked = running.child(child)
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs)
    /** @type {Buffer[]} */
    const stdout = []
    const write = (/** @type {Buffer} */ chunk) => {
      fs.writeSync(out, chunk)
      if (VERBOSE) process.stdout.write(chunk)
    }
    child.stdout.on('data', (chunk) => {
      stdout.push(chunk)
      write(chunk)
    })
    child.stderr.on('data', write)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      tracked.forget()
      fs.closeSync(out)
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'))
      // (no tail when the folder is gone: stopped on a signal)
      reject(new Error(`\`${[command, ...commandArgs].join(' ')}\` in ${cwd} failed (${signal ?? `exit ${code}`}); last lines of ${logFile}:\n${logTail(logFile)}`))
    })
  })
}

/**
 * Starts `run(...)` in the background: a promise of `{ok, output, seconds}` that never rejects
 * (collected later by a check).
 * @param {Parameters<typeof run>} runArgs
 */
function runInBackground(...runArgs) {
  const t = Date.now()
  return run(...runArgs).then(
    (output) => ({ ok: true, output, seconds: seconds(t) }),
    (error) => ({ ok: false, output: error instanceof Error ? error.message : String(error), seconds: seconds(t) })
  )
}

function logPath(/** @type {string} */ name) {
  const dir = path.join(tmp, 'logs')
  fs.mkdirSync(dir, { recursive: true })
  return path.join(dir, `${name}.log`)
}

/**
 * A Medusa log as `{level, message}` lines: plain (`info:    message`, development) or JSON
 * (`{"level":"info","message":...}`, production).
 * @param {string} file
 */
function readMedusaLog(file) {
  return stripAnsi(fs.readFileSync(file, 'utf8'))
    .split('\n')
    .map((line) => {
      if (line.startsWith('{')) {
        try {
          const entry = JSON.parse(line)
          return { level: String(entry.level ?? ''), message: String(entry.message ?? '') + (entry.stack ? `\n${entry.stack}` : '') }
        } catch {}
      }
      const m = /^(error|warn|info|http|verbose|debug|silly):\s+(.*)$/.exec(line)
      return m ? { level: m[1], message: m[2] } : { level: '', message: line }
    })
}

// ------------------------------------------------------------------------------------ HTTP

/**
 * A JSON request that never throws on a status: `{status, data, text}` (data: the parsed body).
 * @param {string} url @param {{method?: string, headers?: Record<string, string>, body?: unknown}} [options]
 */
const http = (url, { method = 'GET', ...options } = {}) => request(method, url, { ...options, allow: true })

function expectStatus(/** @type {{status: number, text: string}} */ response, /** @type {number} */ status, /** @type {string} */ what) {
  assert(response.status === status, `${what}: expected HTTP ${status}, got ${response.status}: ${response.text.slice(0, 600)}`)
}

// ------------------------------------------------------------------------------------ tarball

/** Files a store needs: the compiled plugin, package.json, and the usual docs. */
const ALLOWED_FILE = /^package\/(package\.json|README\.md|LICENSE(\.md|\.txt)?|CHANGELOG\.md|bin\/medusa-bnpl-upgrade\.js|\.medusa\/server\/src\/.+\.(js|mjs|cjs|json|d\.ts))$/
/** What must never ship, with the reason shown when it does. */
const FORBIDDEN = [
  [/(^|\/)__tests__\//, 'a test folder (__tests__)'],
  [/\.(spec|test)\.[cm]?[jt]sx?$/, 'a test file (*.spec.* / *.test.*)'],
  [/(^|\/)(integration-tests|unit-tests|test)\//, 'a test folder'],
  [/^package\/sandbox\//, 'the sandbox'],
  [/(^|\/)\.demo(\/|$)/, 'demo data (.demo)'],
  [/(^|\/)\.tmp(\/|$)/, 'scratch files (.tmp)'],
  [/(^|\/)\.env(\.|$)/, 'an .env file'],
  [/^package\/scripts\//, 'the scripts'],
  [/^package\/src\//, 'TypeScript sources (src/)'],
  [/(?<!\.d)\.tsx?$/, 'a TypeScript source file'],
  [/(^|\/)medusa-config\.[cm]?[jt]s$/, "the repository's own store config (medusa-config)"],
  [/(^|\/)node_modules\//, 'node_modules'],
  [/(^|\/)\.git\//, 'git data'],
  [/\.tgz$/, 'a tarball'],
]
/** Entry points a store loads from the package. */
const REQUIRED_FILES = [
  'package/package.json',
  'package/README.md',
  'package/.medusa/server/src/providers/bnpl/index.js',
  'package/.medusa/server/src/modules/bnpl/index.js',
  'package/.medusa/server/src/api/middlewares.js',
  'package/.medusa/server/src/workflows/index.js',
]
const REQUIRED_PREFIXES = [
  'package/.medusa/server/src/modules/bnpl/migrations/',
  'package/.medusa/server/src/subscribers/',
  'package/.medusa/server/src/jobs/',
  'package/.medusa/server/src/api/store/',
  'package/.medusa/server/src/api/admin/',
  'package/.medusa/server/src/api/hooks/',
]

/** The package's `exports` targets (wildcards as patterns). @param {any} exportsField */
function exportTargets(exportsField) {
  /** @type {{key: string, target: string}[]} */
  const targets = []
  const visit = (/** @type {string} */ key, /** @type {any} */ value) => {
    if (typeof value === 'string') targets.push({ key, target: value })
    else if (value && typeof value === 'object') for (const v of Object.values(value)) visit(key, v)
  }
  for (const [key, value] of Object.entries(exportsField || {})) visit(key, value)
  return targets
}

function checkTarballListing(/** @type {string[]} */ files, /** @type {any} */ pkg) {
  const problems = []
  for (const file of files) {
    const forbidden = FORBIDDEN.find(([pattern]) => /** @type {RegExp} */ (pattern).test(file))
    if (forbidden) problems.push(`${file}: ${forbidden[1]}`)
    else if (!ALLOWED_FILE.test(file)) problems.push(`${file}: not something a store needs (allowed: package.json, README, LICENSE, CHANGELOG, compiled .medusa/server/src with its type declarations)`)
  }
  const set = new Set(files)
  for (const file of REQUIRED_FILES) if (!set.has(file)) problems.push(`missing ${file}`)
  for (const prefix of REQUIRED_PREFIXES) if (!files.some((f) => f.startsWith(prefix))) problems.push(`nothing under ${prefix}`)
  for (const { key, target } of exportTargets(pkg.exports)) {
    const wanted = `package/${target.replace(/^\.\//, '')}`
    if (target.includes('*')) {
      const [before, after] = wanted.split('*')
      if (!files.some((f) => f.startsWith(before) && f.endsWith(after))) problems.push(`exports["${key}"] → ${target}: no file matches`)
    } else if (!set.has(wanted)) {
      problems.push(`exports["${key}"] → ${target}: not in the tarball`)
    }
  }
  return problems
}

// ------------------------------------------------------------------------------------ README

/**
 * README "Install in your store": its step-2 `ts` snippet (pasted into the store's config) and
 * every shell command of its `bash` snippets (each must be one this test performs).
 */
function readInstallSection() {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf('\n## Install in your store')
  assert(start >= 0, 'README.md has no "## Install in your store" section')
  const rest = readme.slice(start + 1)
  const end = rest.indexOf('\n## ', 3)
  const section = end >= 0 ? rest.slice(0, end) : rest
  const blocks = [...section.matchAll(/^([ \t]*)```(\w*)\n([\s\S]*?)^\1```/gm)].map((m) => ({
    lang: m[2],
    code: m[3]
      .split('\n')
      .map((line) => (line.startsWith(m[1]) ? line.slice(m[1].length) : line))
      .join('\n'),
  }))
  const snippets = blocks.filter((b) => b.lang === 'ts' || b.lang === 'typescript')
  const configs = snippets.filter((b) => b.code.includes('defineConfig('))
  assert(configs.length === 1, `README "Install in your store" should have exactly one ts snippet with defineConfig( (the medusa-config.ts of step 2), found ${configs.length}`)
  // Lines README adds to the store's projectConfig (step 4's cookieOptions).
  const projectConfigLines = snippets.filter((b) => !b.code.includes('defineConfig(')).flatMap((b) => b.code.split('\n')).map((l) => l.trim()).filter(Boolean)
  const commands = blocks
    .filter((b) => b.lang === 'bash' || b.lang === 'sh' || b.lang === 'shell')
    .flatMap((b) => b.code.split('\n'))
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean)
  // The store's .env lines (```dotenv): comments and blank lines dropped.
  const env = blocks
    .filter((b) => b.lang === 'dotenv' || b.lang === 'env')
    .flatMap((b) => b.code.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'))
  return { config: configs[0].code, projectConfigLines, commands, env }
}

/** What the store's medusa-config.ts gets at the template's marker: README step 2, its `// ...` the starter's. */
function storeConfig(/** @type {string} */ readmeConfig) {
  const lines = readmeConfig.split('\n')
  const placeholder = lines.findIndex((line) => line.trim() === '// ...')
  assert(placeholder >= 0, 'README step 2 snippet: expected a `// ...` line inside defineConfig({...}) standing for the store\'s existing config')
  assert(/defineConfig\(\{/.test(readmeConfig), 'README step 2 snippet: expected `defineConfig({`')
  lines[placeholder] = lines[placeholder].replace('// ...', '...starter,')
  return lines.join('\n')
}

// ------------------------------------------------------------------------------------ main

/**
 * Several Medusa versions (`--medusa a,b,c`): the plugin built and packed once, then one store
 * per version, side by side (this script again, with `--tarball`): a store's npm installs wait
 * on the disk and the network while another builds, so together they take about as long as the
 * longest rather than the sum. Each store's whole output is printed when it ends, in order.
 */
async function mainMany() {
  say(`Node ${process.version}; repository ${ROOT}; stores from ${STARTER_NAMES.join(', ')} on Medusa ${MEDUSA_VERSIONS.join(', ')}, side by side`)
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'bnpl-install-tests-')))
  running.add({
    stop: () => (KEEP ? say(`kept ${tmp} (--keep)`) : fs.rmSync(tmp, { recursive: true, force: true })),
    kill: () => KEEP || fs.rmSync(tmp, { recursive: true, force: true }),
  })
  const tarball = await buildAndPack()
  const flags = [...(KEEP ? ['--keep'] : []), ...(VERBOSE ? ['--verbose'] : [])]
  // Each starter at each version in the range; a version outside it (the refusal) on one starter.
  const pairs = MEDUSA_VERSIONS.flatMap((version) =>
    semver.satisfies(version, MEDUSA_RANGE) ? STARTER_NAMES.map((starter) => ({ version, starter })) : [{ version, starter: STARTER_NAMES[STARTER_NAMES.length - 1] }]
  )
  const stores = pairs.map(({ version, starter }) => ({
    version: `${version} (${starter})`,
    log: `store-${starter}-${version}`,
    done: runInBackground(`store-${starter}-${version}`, process.execPath, [__filename, '--medusa', version, '--starters', starter, '--tarball', tarball.file, ...flags], { cwd: ROOT, timeoutMs: 3_600_000 }),
  }))
  let failures = 0
  for (const store of stores) {
    const outcome = await store.done
    console.log(`\n${'-'.repeat(30)} store on Medusa ${store.version} ${'-'.repeat(30)}`)
    console.log(fs.readFileSync(logPath(store.log), 'utf8').trimEnd())
    const summary = /Total: [^\n]*/.exec(fs.readFileSync(logPath(store.log), 'utf8'))
    results.push({ name: `store on Medusa ${store.version}`, ok: outcome.ok, detail: summary ? summary[0] : outcome.output.slice(-2000), seconds: outcome.seconds })
    if (!outcome.ok) failures++
  }
  if (failures) throw new CheckFailed(`${failures} of ${stores.length} stores failed`)
}


/** `medusa plugin:build`, then `npm pack` into the temporary folder: the tarball's file, name, size and listing. */
async function buildAndPack() {
  await check('plugin builds (npx medusa plugin:build)', async () => {
    await run('plugin-build', 'npx', ['medusa', 'plugin:build'], { cwd: ROOT })
    return '.medusa/server'
  })

  return check('npm pack', async () => {
    const output = await run('pack', 'npm', ['pack', '--json', '--pack-destination', tmp], { cwd: ROOT })
    const json = JSON.parse(output)
    const file = path.join(tmp, json[0].filename)
    assert(fs.existsSync(file), `npm pack reported ${json[0].filename} but ${file} does not exist`)
    const size = fs.statSync(file).size
    const listing = spawnSync('tar', ['tzf', file], { encoding: 'utf8' })
    assert(listing.status === 0, `tar tzf ${file} failed: ${listing.stderr}`)
    const files = listing.stdout.split('\n').filter((f) => f && !f.endsWith('/'))
    const detail = `${json[0].filename}: ${(size / 1024).toFixed(1)} kB, ${files.length} files (unpacked ${(json[0].unpackedSize / 1024).toFixed(1)} kB)`
    return { file, name: json[0].filename, size, files, detail }
  })
}

/** A tarball packed by the caller (`--tarball`), described as buildAndPack describes its own. */
function givenTarball(/** @type {string} */ file) {
  const listing = spawnSync('tar', ['tzf', file], { encoding: 'utf8' })
  assert(listing.status === 0, `tar tzf ${file} failed: ${listing.stderr}`)
  const files = listing.stdout.split('\n').filter((f) => f && !f.endsWith('/'))
  say(`the tarball given: ${file}`)
  return { file, name: path.basename(file), size: fs.statSync(file).size, files }
}


async function main() {
  say(`Node ${process.version}; repository ${ROOT}`)
  const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  assert(rootPkg.name === PLUGIN_NAME, `package.json name is ${rootPkg.name}, expected ${PLUGIN_NAME}`)

  // Our own folder; as root it must be traversable by the `postgres` user that runs the cluster.
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'bnpl-install-test-')))
  running.add({
    stop: () => (KEEP ? say(`kept ${tmp} (--keep)`) : fs.rmSync(tmp, { recursive: true, force: true })),
    kill: () => KEEP || fs.rmSync(tmp, { recursive: true, force: true }),
  })
  fs.chmodSync(tmp, 0o755)
  const storeDir = path.join(tmp, 'store')
  say(`temporary folder ${tmp}`)

  const inRange = semver.satisfies(MEDUSA_VERSION, MEDUSA_RANGE)
  say(`store on Medusa ${MEDUSA_VERSION}; the plugin supports ${MEDUSA_RANGE}${inRange ? '' : ': expecting the refusal'}`)

  // Fail early on README drift (cheap) before building anything.
  const install = await check('README "Install in your store" is what this test does', async () => {
    const section = readInstallSection()
    // Each README command and what this test does for it (the tarball stands for the registry).
    const missing = REQUIRED_COMMANDS.filter((c) => !section.commands.includes(c))
    assert(!missing.length, `README install section no longer says: ${missing.join(' | ')}`)
    const unknown = section.commands.filter((c) => !REQUIRED_COMMANDS.includes(c))
    assert(!unknown.length, `README install commands this test does not perform: ${unknown.join(' | ')} (add them to scripts/install-test.js)`)
    const config = storeConfig(section.config)
    for (const needle of [`resolve: "${PLUGIN_NAME}"`, `resolve: "${PLUGIN_NAME}/providers/bnpl"`, 'id: "bnpl"', '"@medusajs/medusa/payment"'])
      assert(section.config.includes(needle), `README step 2 snippet no longer contains ${needle}`)
    assert(section.env.length > 0, 'README install section has no .env snippet (a ```dotenv block)')
    for (const name of ['BNPL_API_URL_TEST', 'MEDUSA_BACKEND_URL', 'COOKIE_SECURE'])
      assert(section.env.some((line) => line.startsWith(`${name}=`)), `README's .env snippet no longer sets ${name}`)
    assert(section.projectConfigLines.some((l) => l.startsWith('cookieOptions:')), 'README step 4 no longer gives the cookieOptions line for logging in over http')
    return { config, projectConfigLines: section.projectConfigLines, env: section.env, commands: section.commands, detail: `step 2 config pasted verbatim, step 4's ${section.projectConfigLines.join(' ')}; commands: ${section.commands.join(', ')}` }
  })

  // 1. Build and pack ---------------------------------------------------------------------
  const tarball = GIVEN_TARBALL ? givenTarball(GIVEN_TARBALL) : await buildAndPack()

  await check('tarball holds what a store needs and nothing else', async () => {
    const problems = checkTarballListing(tarball.files, rootPkg)
    assert(!problems.length, `tarball ${tarball.name}:\n  ${problems.join('\n  ')}`)
    return `${tarball.files.length} files: package.json, README.md, CHANGELOG.md, ${tarball.files.filter((f) => f.startsWith('package/.medusa/server/')).length} under .medusa/server/src`
  })

  // 2. The store -------------------------------------------------------------------------
  // PostgreSQL and the sandbox start while npm installs (they need no store).
  const services = (async () => {
    const database = await startPostgres({ dataDir: path.join(tmp, 'pg', 'data'), persistent: false })
    running.add({ stop: () => settle(database.stop(), 10_000), kill: () => database.killNow() })
    await database.ensureDatabase('medusa_store')
    const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
    const sandbox = await startSandbox({ port: 0 })
    running.add({ stop: () => settle(sandbox.close()) })
    return { database, sandbox }
  })()
  services.catch(() => {})

  const pluginDir = path.join(storeDir, 'node_modules', PLUGIN_NAME)
  const npmArgs = ['--no-audit', '--no-fund', '--prefer-offline']
  const starter = await check(`${STARTER} as cloned: its own npm install`, async () => {
    const written = writeStarter(storeDir, { name: STARTER, config: install.config, projectConfigLines: install.projectConfigLines, pinMedusa: inRange ? undefined : MEDUSA_VERSION })
    await run('npm-install-starter', 'npm', ['install', ...npmArgs], { cwd: storeDir, timeoutMs: 900_000 })
    return { ...written, detail: `Medusa ${inRange ? written.medusa : MEDUSA_VERSION} (package.json of ${STARTER}${inRange ? '' : `, every @medusajs/* pinned at ${MEDUSA_VERSION}`})` }
  })
  if (inRange) {
    await check(`README's upgrade to Medusa ${MEDUSA_VERSION}: ${UPGRADE_COMMAND} --medusa ${MEDUSA_VERSION}, npm install`, async () => {
      const t = Date.now()
      // The tarball stands for the registry's package, as in `npm install medusa-plugin-bnpl`.
      const upgrade = UPGRADE_COMMAND.replace(`--package=${PLUGIN_NAME}`, `--package=${tarball.file}`)
      const changed = await run('upgrade', 'bash', ['-c', `${upgrade} --medusa ${MEDUSA_VERSION}`], { cwd: storeDir, timeoutMs: 300_000 })
      await run('npm-install-upgraded', 'npm', ['install', ...npmArgs], { cwd: storeDir, timeoutMs: 900_000 })
      const version = (/** @type {string} */ name) => JSON.parse(fs.readFileSync(path.join(storeDir, 'node_modules', name, 'package.json'), 'utf8')).version
      assert(version('@medusajs/medusa') === MEDUSA_VERSION, `after the upgrade the store's @medusajs/medusa is ${version('@medusajs/medusa')}`)
      const moved = changed.split('\n').filter((l) => l.includes(' -> ')).length
      return `${moved} packages moved from ${starter.medusa}; ${['@medusajs/ui', 'react-router-dom'].filter((n) => fs.existsSync(path.join(storeDir, 'node_modules', n))).map((n) => `${n}@${version(n)}`).join(', ')}; ${seconds(t)} s`
    })
  }
  await check(`npm install ${PLUGIN_NAME} (the tarball) into the store on Medusa ${MEDUSA_VERSION}`, async () => {
    const t = Date.now()
    if (!inRange) {
      // What a merchant meets first: npm refuses, naming the peer range.
      const refused = await runInBackground('npm-install-plugin', 'npm', ['install', ...npmArgs, tarball.file], { cwd: storeDir, timeoutMs: 600_000 })
      assert(!refused.ok, `npm installed ${PLUGIN_NAME} into a store on Medusa ${MEDUSA_VERSION} (outside ${MEDUSA_RANGE}) without complaint`)
      assert(/ERESOLVE/.test(refused.output), `npm refused, but not with ERESOLVE:\n${refused.output}`)
      await run('npm-install-plugin-forced', 'npm', ['install', ...npmArgs, '--legacy-peer-deps', tarball.file], { cwd: storeDir, timeoutMs: 600_000 })
    } else {
      await run('npm-install-plugin', 'npm', ['install', ...npmArgs, tarball.file], { cwd: storeDir, timeoutMs: 600_000 })
    }
    const installed = JSON.parse(fs.readFileSync(path.join(pluginDir, 'package.json'), 'utf8'))
    assert(installed.version === rootPkg.version, `node_modules/${PLUGIN_NAME} is ${installed.version}, expected ${rootPkg.version}`)
    const medusa = JSON.parse(fs.readFileSync(path.join(storeDir, 'node_modules', '@medusajs', 'medusa', 'package.json'), 'utf8')).version
    assert(medusa === MEDUSA_VERSION, `the store's @medusajs/medusa is ${medusa}, expected ${MEDUSA_VERSION}`)
    return `${seconds(t)} s${inRange ? '' : ' (refused with ERESOLVE; forced with --legacy-peer-deps as npm advises)'}`
  })

  await check("the store loads the plugin from its node_modules, nothing from this repository", async () => {
    const resolved = spawnSync(
      process.execPath,
      ['-e', `for (const r of process.argv.slice(1)) console.log(require.resolve(r))`, `${PLUGIN_NAME}/providers/bnpl`, `${PLUGIN_NAME}/package.json`],
      { cwd: storeDir, encoding: 'utf8' }
    )
    assert(resolved.status === 0, `resolving ${PLUGIN_NAME} from the store failed: ${resolved.stderr}`)
    const storeReal = fs.realpathSync(storeDir)
    const outside = resolved.stdout.trim().split('\n').filter((p) => !fs.realpathSync(p).startsWith(storeReal + path.sep))
    assert(!outside.length, `resolved outside the store: ${outside.join(', ')}`)
    const links = []
    const inspect = (/** @type {string} */ dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isSymbolicLink() && !fs.realpathSync(full).startsWith(storeReal + path.sep)) links.push(full)
        else if (entry.isDirectory() && entry.name.startsWith('@')) inspect(full)
      }
    }
    inspect(path.join(storeDir, 'node_modules'))
    assert(!links.length, `links out of the store: ${links.join(', ')}`)
    return `${PLUGIN_NAME}/providers/bnpl → ${path.relative(storeDir, fs.realpathSync(resolved.stdout.trim().split('\n')[0]))}`
  })

  await check('the installed plugin imports only Node built-ins and declared dependencies', async () => {
    const { problems, modules } = checkPackageImports(pluginDir)
    assert(!problems.length, problems.join('\n'))
    return modules.filter((m) => !m.startsWith('node:') && !builtinModules.includes(m)).join(', ')
  })

  if (inRange) {
    await check(`the plugin's peers resolved in the store within their ranges`, async () => {
      const versions = Object.entries(rootPkg.peerDependencies).map(([name, range]) => {
        const file = path.join(storeDir, 'node_modules', name, 'package.json')
        const version = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : 'missing'
        return { name, range, version, ok: version !== 'missing' && semver.satisfies(version, /** @type {string} */ (range)) }
      })
      const bad = versions.filter((v) => !v.ok)
      assert(!bad.length, bad.map((v) => `${v.name}@${v.version} (wanted ${v.range})`).join(', '))
      return versions.map((v) => `${v.name}@${v.version}`).join(', ')
    })
  }

  // 3. Run it --------------------------------------------------------------------------------
  // `medusa build` needs no database (types, backend, admin bundle): it runs while the
  // migrations run.
  const buildEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: 'true' }
  delete buildEnv.NODE_ENV
  const storeBuild = runInBackground('build', 'npx', ['medusa', 'build'], { cwd: storeDir, env: buildEnv })

  const { database: db, sandbox } = await check('embedded PostgreSQL and the sandbox started', async () => {
    const started = await services
    return { ...started, detail: `PostgreSQL on localhost:${started.database.port}, sandbox at ${started.sandbox.url}` }
  })
  const port = await findFreePort()
  const backendUrl = `http://localhost:${port}`

  await check(`the store's .env: README's lines, then \`${ENCRYPTION_KEY_COMMAND}\``, async () => {
    // README's lines with this machine's values (the merchant's own database and URLs).
    const values = {
      DATABASE_URL: db.url('medusa_store'), // "localhost": Medusa turns SSL on for other hosts
      BNPL_API_URL_TEST: sandbox.url,
      MEDUSA_BACKEND_URL: backendUrl,
      // A production store has its own secrets (the plugin refuses to encrypt with Medusa's default).
      JWT_SECRET: `jwt-${Math.random().toString(36).slice(2)}${Date.now()}`,
      COOKIE_SECRET: `cookie-${Math.random().toString(36).slice(2)}${Date.now()}`,
    }
    const lines = install.env.map((line) => {
      const name = line.split('=')[0]
      return name in values ? `${name}=${values[name]}` : line
    })
    for (const [name, value] of Object.entries(values)) if (!lines.some((l) => l.startsWith(`${name}=`))) lines.push(`${name}=${value}`)
    fs.writeFileSync(path.join(storeDir, '.env'), lines.join('\n') + '\n')
    await run('encryption-key', 'bash', ['-c', ENCRYPTION_KEY_COMMAND], { cwd: storeDir })
    const written = fs.readFileSync(path.join(storeDir, '.env'), 'utf8')
    assert(/^BNPL_ENCRYPTION_KEY=[0-9a-f]{64}$/m.test(written), `no BNPL_ENCRYPTION_KEY of 64 hex digits in .env after \`${ENCRYPTION_KEY_COMMAND}\``)
    return lines.map((l) => l.split('=')[0]).concat('BNPL_ENCRYPTION_KEY').join(', ')
  })
  // The commands read .env (loadEnv); only the port and telemetry come from here.
  const env = { ...process.env, PORT: String(port), MEDUSA_DISABLE_TELEMETRY: 'true' }
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'BNPL_API_URL', 'BNPL_API_KEY', 'BNPL_API_URL_TEST', 'BNPL_ENCRYPTION_KEY', 'JWT_SECRET', 'COOKIE_SECRET', 'MEDUSA_BACKEND_URL']) delete env[name]

  await check('npx medusa db:migrate (README step 3) creates the plugin\'s tables', async () => {
    await run('db-migrate', 'npx', ['medusa', 'db:migrate'], { cwd: storeDir, env })
    const migrationsDir = path.join(pluginDir, '.medusa', 'server', 'src', 'modules', 'bnpl', 'migrations')
    const expected = fs.readdirSync(migrationsDir).filter((f) => /^Migration.*\.js$/.test(f)).map((f) => f.replace(/\.js$/, ''))
    const { Client } = require(require.resolve('pg', { paths: [ROOT] }))
    const client = new Client({ connectionString: db.url('medusa_store') })
    await client.connect()
    try {
      const tables = (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'bnpl%' ORDER BY 1")).rows.map((r) => r.tablename)
      const ran = new Set((await client.query('SELECT name FROM mikro_orm_migrations')).rows.map((r) => r.name))
      const missing = expected.filter((name) => !ran.has(name))
      assert(expected.length > 0, `no migration in ${migrationsDir}`)
      assert(!missing.length, `plugin migrations not run: ${missing.join(', ')}`)
      assert(tables.length > 0, 'no bnpl_* table after db:migrate')
      return `${expected.length} plugin migrations; tables ${tables.join(', ')}`
    } finally {
      await client.end()
    }
  })

  if (inRange && starter.seedCommand) {
    await check(`the starter's seed (README step 5: ${starter.seedCommand})`, async () => {
      const t = Date.now()
      await run('seed', 'bash', ['-c', starter.seedCommand], { cwd: storeDir, env })
      return `${seconds(t)} s`
    })
  }

  // The admin user needs the migrated database only: made while the build and README step 4 run.
  const adminUser = runInBackground('user', 'npx', ['medusa', 'user', '-e', ADMIN.email, '-p', ADMIN.password], { cwd: storeDir, env })

  await check('npx medusa build (backend + admin with the plugin\'s extensions)', async () => {
    const build = await storeBuild
    assert(build.ok, build.output)
    const serverDir = path.join(storeDir, '.medusa', 'server')
    const adminDir = path.join(serverDir, 'public', 'admin')
    assert(fs.existsSync(path.join(serverDir, 'medusa-config.js')), `${serverDir}/medusa-config.js missing after medusa build`)
    assert(fs.existsSync(path.join(adminDir, 'index.html')), `${adminDir}/index.html missing after medusa build`)
    // The plugin's admin extensions (widget ids, settings route paths) must be in the bundle.
    const adminEntry = path.join(pluginDir, '.medusa', 'server', 'src', 'admin', 'index.mjs')
    const entry = fs.existsSync(adminEntry) ? fs.readFileSync(adminEntry, 'utf8') : ''
    const markers = [...new Set([...entry.matchAll(/widgetId:\s*"([^"]+)"/g), ...entry.matchAll(/\bpath:\s*"(\/[^"]+)"/g)].map((m) => m[1]))]
    const bundle = fs
      .readdirSync(path.join(adminDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(adminDir, 'assets', f), 'utf8'))
      .join('\n')
    const absent = markers.filter((m) => !bundle.includes(m))
    assert(!absent.length, `the store's admin bundle lacks the plugin's extensions: ${absent.join(', ')}`)
    return `${build.seconds} s (alongside the steps above); ${markers.length ? `admin bundle has ${markers.join(', ')}` : 'the plugin declares no admin extension'}`
  })

  const serverDir = path.join(storeDir, '.medusa', 'server')
  await check(`README step 4: ${SERVER_INSTALL_COMMAND} (in the build output, as Medusa documents)`, async () => {
    const t = Date.now()
    await run('npm-install-server', 'bash', ['-c', SERVER_INSTALL_COMMAND.replace('npm install', `npm install ${npmArgs.join(' ')}${inRange ? '' : ' --legacy-peer-deps'}`)], {
      cwd: storeDir,
      timeoutMs: 900_000,
    })
    assert(fs.existsSync(path.join(serverDir, 'node_modules', PLUGIN_NAME, 'package.json')), `${serverDir}/node_modules has no ${PLUGIN_NAME}`)
    assert(fs.existsSync(path.join(serverDir, '.env')), `${serverDir}/.env missing`)
    return `${seconds(t)} s`
  })

  await check(`admin user created (npx medusa user -e ${ADMIN.email})`, async () => {
    const user = await adminUser
    assert(user.ok, user.output)
    return `${user.seconds} s (alongside the build)`
  })

  const serverLogFile = logPath('start')
  await check('npx medusa start (production) answers /health', async () => {
    const t = Date.now()
    const server = spawnLogged('npx', ['medusa', 'start'], { cwd: serverDir, env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'debug' }, logFile: serverLogFile })
    running.child(server)
    await waitForHealth(`${backendUrl}/health`, { timeoutMs: HEALTH_TIMEOUT_MS, intervalMs: 250, child: server, name: 'medusa start', logFile: serverLogFile })
    return `${backendUrl} ready in ${seconds(t)} s`
  })

  if (!inRange) {
    await refusalChecks({ backendUrl, serverLogFile })
    return
  }
  // What `medusa start` loads: the build output's own node_modules.
  const livePluginDir = path.join(serverDir, 'node_modules', PLUGIN_NAME)

  await check('subscribers, jobs, workflows and routes registered from the installed package', async () => {
    const log = readMedusaLog(serverLogFile)
    const messages = new Set(log.map((l) => l.message.trim()))
    const srcDir = path.join(livePluginDir, '.medusa', 'server', 'src')
    const files = (/** @type {string} */ sub) => {
      const dir = path.join(srcDir, sub)
      /** @type {string[]} */
      const found = []
      const walk = (/** @type {string} */ d) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(path.join(d, e.name))
          else if (e.name.endsWith('.js')) found.push(path.join(d, e.name))
        }
      }
      if (fs.existsSync(dir)) walk(dir)
      return found
    }
    const problems = []
    const expectMessage = (/** @type {string} */ message) => {
      if (!messages.has(message)) problems.push(`server log lacks "${message}"`)
    }
    const subscribers = files('subscribers')
    const jobs = files('jobs')
    const workflows = files('workflows')
    assert(subscribers.length && jobs.length, `the installed package has no subscribers or no jobs under ${srcDir}`)
    for (const file of subscribers) expectMessage(`Registering subscribers from ${file}.`)
    for (const file of jobs) expectMessage(`Registering job from ${file}.`)
    for (const file of workflows) expectMessage(`Registering workflows from ${file}.`)
    const jobNames = jobs.map((file) => (fs.readFileSync(file, 'utf8').match(/name:\s*"([^"]+)"/) || [])[1]).filter(Boolean)
    // Each route file: "registering route <METHOD> /path" ([param] → :param).
    const routes = files('api').filter((file) => path.basename(file) === 'route.js')
    for (const file of routes) {
      const routePath = '/' + path.relative(path.join(srcDir, 'api'), path.dirname(file)).split(path.sep).map((s) => s.replace(/^\[(.+)\]$/, ':$1')).join('/')
      if (![...messages].some((m) => new RegExp(`^registering route [A-Z]+ ${routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).test(m)))
        problems.push(`route ${routePath} (${path.relative(srcDir, file)}) not registered`)
    }
    const warnings = log.filter((l) => (l.level === 'warn' || l.level === 'error') && (l.message.includes(livePluginDir) || /bnpl/i.test(l.message)))
    problems.push(...warnings.map((w) => `server ${w.level}: ${w.message}`))
    assert(!problems.length, `${problems.join('\n')}\n(see ${serverLogFile})`)
    return `${subscribers.length} subscriber(s), ${jobs.length} job(s) (${jobNames.join(', ')}), ${workflows.length} workflow file(s), ${routes.length} route files`
  })

  const admin = await check('admin login (POST /auth/user/emailpass)', async () => {
    const login = await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email: ADMIN.email, password: ADMIN.password } })
    expectStatus(login, 200, 'POST /auth/user/emailpass')
    assert(typeof login.data?.token === 'string', `no token in ${login.text}`)
    return { headers: { authorization: `Bearer ${login.data.token}` }, detail: '' }
  })
  const asAdmin = (/** @type {string} */ url, /** @type {any} */ options = {}) => http(`${backendUrl}${url}`, { ...options, headers: { ...admin.headers, ...(options.headers || {}) } })

  await check(`GET /admin/payments/payment-providers lists ${PROVIDER_ID}`, async () => {
    const response = await asAdmin('/admin/payments/payment-providers')
    expectStatus(response, 200, 'GET /admin/payments/payment-providers')
    const ids = (response.data.payment_providers || []).map((p) => p.id)
    assert(ids.includes(PROVIDER_ID), `payment providers: ${ids.join(', ')}`)
    return ids.join(', ')
  })

  const region = await check(`README step 5: ${PROVIDER_ID} enabled on the region the starter seeded`, async () => {
    const list = await asAdmin('/admin/regions?fields=id,name,*countries,*payment_providers')
    expectStatus(list, 200, 'GET /admin/regions')
    const seeded = (list.data.regions || []).find((/** @type {any} */ r) => (r.countries || []).some((/** @type {any} */ c) => c.iso_2 === 'fr'))
    assert(seeded, `the starter seeded no region with France: ${list.text.slice(0, 400)}`)
    const current = (seeded.payment_providers || []).map((/** @type {any} */ p) => p.id)
    const updated = await asAdmin(`/admin/regions/${seeded.id}`, { method: 'POST', body: { payment_providers: [...new Set([...current, PROVIDER_ID])] } })
    expectStatus(updated, 200, `POST /admin/regions/${seeded.id}`)
    const read = await asAdmin(`/admin/regions/${seeded.id}?fields=id,name,*payment_providers`)
    const providers = (read.data.region.payment_providers || []).map((/** @type {any} */ p) => p.id)
    assert(providers.includes(PROVIDER_ID), `region ${seeded.id} payment providers: ${providers.join(', ') || 'none'}`)
    return { id: seeded.id, detail: `${seeded.name} (${seeded.id}): ${providers.join(', ')}` }
  })

  const publishableKey = await check('the publishable key the starter seeded', async () => {
    const keys = await asAdmin('/admin/api-keys?type=publishable')
    expectStatus(keys, 200, 'GET /admin/api-keys')
    const key = (keys.data.api_keys || [])[0]
    assert(key?.token, `the starter seeded no publishable key: ${keys.text.slice(0, 300)}`)
    return { token: key.token, detail: `${key.title}: ${key.token.slice(0, 8)}…` }
  })

  await check('README step 6: the test account\'s key pasted in the settings, Verify, save', async () => {
    const verified = await asAdmin('/admin/bnpl/settings/verify', { method: 'POST', body: { mode: 'test', api_key: SANDBOX_KEY } })
    expectStatus(verified, 200, 'POST /admin/bnpl/settings/verify')
    assert(verified.data?.result === 'works', `verify: ${verified.text.slice(0, 400)}`)
    // The legacy field is the live slot: a test key there is refused, naming the right slot.
    const misplaced = await asAdmin('/admin/bnpl/settings', { method: 'POST', body: { api_key: SANDBOX_KEY } })
    assert(misplaced.status === 400 && /test_api_key/.test(misplaced.text), `a test key saved as api_key: expected 400 naming test_api_key, got ${misplaced.status}: ${misplaced.text.slice(0, 300)}`)
    const saved = await asAdmin('/admin/bnpl/settings', {
      method: 'POST',
      body: { mode: 'test', test_api_key: SANDBOX_KEY, plans: [{ installments_count: 3 }, { installments_count: 4 }] },
    })
    expectStatus(saved, 200, 'POST /admin/bnpl/settings')
    assert(!saved.text.includes(SANDBOX_KEY), 'POST /admin/bnpl/settings returned the API key')
    const test = saved.data?.settings?.accounts?.test
    // The saved key is pinned to the URL in effect when it was typed (BNPL_API_URL_TEST's, here).
    assert(test?.source?.api_key === 'settings' && test?.api_url === sandbox.url, `the test account should have the saved key on BNPL_API_URL_TEST's URL: ${saved.text.slice(0, 600)}`)
    return `verify: ${verified.data.result}; saved in the test account (on BNPL_API_URL_TEST's URL); api_key with a test key: 400`
  })

  await check('GET /admin/bnpl/settings (the key only masked)', async () => {
    const response = await asAdmin('/admin/bnpl/settings')
    expectStatus(response, 200, 'GET /admin/bnpl/settings')
    assert(!response.text.includes(SANDBOX_KEY), 'GET /admin/bnpl/settings returned the API key')
    assert(response.data?.settings?.mode === 'test' && response.data?.settings?.api_key_set === true, `mode test with its key set expected: ${response.text.slice(0, 400)}`)
    assert(!response.data.settings.medusa_version_problem, `medusa_version_problem on a supported Medusa: ${response.data.settings.medusa_version_problem}`)
    const unauthenticated = await http(`${backendUrl}/admin/bnpl/settings`)
    assert(unauthenticated.status === 401, `GET /admin/bnpl/settings without a session: expected 401, got ${unauthenticated.status}`)
    return `api_key_hint ${response.data.settings.api_key_hint}, source ${response.data.settings.source?.api_key}; 401 without a session`
  })

  await check('GET /store/bnpl/eligibility?amount=100&currency_code=eur answers plans from the service', async () => {
    const before = sandbox.requests.length
    const response = await http(`${backendUrl}/store/bnpl/eligibility?amount=100&currency_code=eur`, { headers: { 'x-publishable-api-key': publishableKey.token } })
    expectStatus(response, 200, 'GET /store/bnpl/eligibility')
    const eligibility = response.data?.eligibility
    assert(eligibility && Array.isArray(eligibility.plans) && eligibility.plans.length > 0, `no plans: ${response.text.slice(0, 600)}`)
    assert(eligibility.service_available === true, `service_available is not true: ${response.text.slice(0, 600)}`)
    const eligible = eligibility.plans.filter((p) => p.eligible)
    assert(eligible.length > 0 && eligible.every((p) => Array.isArray(p.payment_plan) && p.payment_plan.length === p.installments_count), `no eligible plan with its schedule: ${response.text.slice(0, 600)}`)
    const calls = sandbox.requests.slice(before).filter((r) => r.path.startsWith('/v1/'))
    assert(calls.length > 0 && calls.every((r) => r.headers.authorization === `Service-Auth ${SANDBOX_KEY}`), 'the sandbox saw no authenticated service call for it')
    return `${eligible.map((p) => `${p.installments_count}x`).join(', ')} eligible for ${eligibility.purchase_amount} cents (${calls.length} service call(s): ${[...new Set(calls.map((r) => `${r.method} ${r.path}`))].join(', ')})`
  })

  await check('README step 7: the notification URL answers (GET /hooks/bnpl/notification)', async () => {
    const response = await http(`${backendUrl}/hooks/bnpl/notification`)
    assert(response.status === 400 && response.data?.result === 'rejected', `expected the plugin's 400 "rejected" for a notification without pid, got ${response.status}: ${response.text.slice(0, 300)}`)
    return `400 ${response.data.message}`
  })

  await check("README step 4's admin login under medusa start over http (session cookie, as the dashboard)", async () => {
    const attributes = await adminCookieLogin(backendUrl, ADMIN)
    return `cookie ${attributes}; GET /admin/users/me with it: 200`
  })

  await check('an order paid in 3 instalments, fulfilled: its shipping_info reaches the service', async () => {
    const order = await firstOrderWithShippingInfo({ backendUrl, admin: asAdmin, publishableKey: publishableKey.token, regionId: region.id, sandbox })
    return `${order.orderId}: ${order.quantity} × ${order.variant}, ${order.amount} EUR; shipping_info ${JSON.stringify(order.shippingInfo).slice(0, 160)}; ${seconds(started)} s since the start`
  })

  await check('the admin is served (GET /app)', async () => {
    const response = await http(`${backendUrl}/app`)
    expectStatus(response, 200, 'GET /app')
    assert(/<div id="medusa"|<script/.test(response.text), 'GET /app is not the admin page')
    return ''
  })

  await check("nothing was loaded from this repository's src/", async () => {
    const logs = fs.readdirSync(path.join(tmp, 'logs')).filter((f) => f !== 'plugin-build.log' && f !== 'pack.log')
    const sources = [path.join(ROOT, 'src'), path.join(fs.realpathSync(ROOT), 'src')]
    const hits = logs.filter((f) => {
      const text = fs.readFileSync(path.join(tmp, 'logs', f), 'utf8')
      return sources.some((s) => text.includes(s + path.sep) || text.includes(s + '"'))
    })
    assert(!hits.length, `logs mentioning ${sources[0]}: ${hits.join(', ')}`)
    const registered = readMedusaLog(serverLogFile).map((l) => l.message).filter((m) => m.includes(PLUGIN_NAME) && /^Registering /.test(m))
    const outside = registered.filter((l) => !l.includes(livePluginDir))
    assert(!outside.length, `plugin resources loaded from elsewhere:\n${outside.join('\n')}`)
    return `${registered.length} plugin resources, all under ${path.relative(tmp, livePluginDir)}`
  })
}

/**
 * A store outside the supported range, forced in with `--legacy-peer-deps`: it starts, says why
 * in one log line, registers no provider that could take a payment, and the settings say why.
 * @param {{backendUrl: string, serverLogFile: string}} where
 */
async function refusalChecks({ backendUrl, serverLogFile }) {
  await check('one start-up line: the version found, the range, the upgrade command', async () => {
    const lines = readMedusaLog(serverLogFile).filter((l) => l.message.includes(`supports Medusa ${MEDUSA_RANGE} and found Medusa ${MEDUSA_VERSION}`))
    assert(lines.length === 1, `expected one refusal line in ${serverLogFile}, found ${lines.length}`)
    assert(lines[0].level === 'error' && lines[0].message.includes(`${UPGRADE_COMMAND} && npm install && npx medusa db:migrate`), `refusal line: ${lines[0].level} ${lines[0].message}`)
    return lines[0].message
  })
  const login = await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email: ADMIN.email, password: ADMIN.password } })
  expectStatus(login, 200, 'POST /auth/user/emailpass')
  const headers = { authorization: `Bearer ${login.data.token}` }
  await check(`no ${PROVIDER_ID} registered: nothing can take an instalment payment`, async () => {
    const response = await http(`${backendUrl}/admin/payments/payment-providers`, { headers })
    expectStatus(response, 200, 'GET /admin/payments/payment-providers')
    const ids = (response.data.payment_providers || []).map((/** @type {any} */ p) => p.id)
    assert(!ids.includes(PROVIDER_ID), `payment providers: ${ids.join(', ')}`)
    const region = await http(`${backendUrl}/admin/regions`, { method: 'POST', headers, body: { name: 'Europe', currency_code: 'eur', countries: ['fr'], payment_providers: [PROVIDER_ID] } })
    assert(region.status >= 400, `a region accepted ${PROVIDER_ID}: ${region.status} ${region.text.slice(0, 300)}`)
    return `providers: ${ids.join(', ')}; a region with ${PROVIDER_ID}: HTTP ${region.status}`
  })
  await check('the settings page says why', async () => {
    const response = await http(`${backendUrl}/admin/bnpl/settings`, { headers })
    expectStatus(response, 200, 'GET /admin/bnpl/settings')
    const problem = response.data?.settings?.medusa_version_problem
    assert(typeof problem === 'string' && problem.includes(MEDUSA_VERSION), `no medusa_version_problem naming ${MEDUSA_VERSION}: ${response.text.slice(0, 400)}`)
    return problem
  })
}

async function finish(/** @type {boolean} */ ok) {
  await running.stopAll()
  const failed = results.filter((r) => !r.ok)
  console.log('')
  console.log(`Install test (${PLUGIN_NAME}): ${ok && !failed.length ? 'PASSED' : 'FAILED'}`)
  for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name}${r.detail && r.ok ? ` — ${r.detail}` : ''} (${r.seconds} s)`)
  if (failed.length) console.log(`\nFailed: ${failed[0].name}\n${failed[0].detail}`)
  console.log(`Total: ${seconds(started)} s, ${results.filter((r) => r.ok).length} passed, ${failed.length} failed`)
  process.exit(interrupted ? 130 : ok && !failed.length ? 0 : 1)
}

(MEDUSA_VERSIONS.length > 1 || STARTER_NAMES.length > 1 ? mainMany : main)().then(
  () => finish(true),
  (error) => {
    if (!(error instanceof CheckFailed)) {
      console.error(`[install-test] ${error && error.stack ? error.stack : error}`)
      results.push({ name: 'install test', ok: false, detail: String(error && error.message ? error.message : error), seconds: seconds(started) })
    }
    return finish(false)
  }
)
