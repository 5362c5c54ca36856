'use strict'

/**
 * The store run (install test, step 3): embedded PostgreSQL and the sandbox, README's commands in
 * the store (`.env` lines and the encryption key, `npx medusa db:migrate`, the starter's seed), an
 * admin user, `medusa build` (backend + admin with the plugin's extensions), `npm install` in
 * .medusa/server and `medusa start` from there (production mode, as Medusa documents). Slow
 * steps that need nothing later run alongside: the services while npm installs, the build while
 * the migrations run, the admin user while the build ends.
 */

const fs = require('node:fs')
const path = require('node:path')
const { startPostgres, findFreePort } = require('../lib/postgres')
const { settle, spawnLogged, waitForHealth } = require('../lib/processes')
const { ADMIN } = require('../lib/medusa')
const { ROOT, PLUGIN_NAME } = require('./plugin')
const { check, assert, seconds } = require('./checks')
const { running, run, runInBackground, logPath } = require('./commands')
const { ENCRYPTION_KEY_COMMAND, SERVER_INSTALL_COMMAND } = require('./readme')

// Generous: on a loaded CI machine a production start takes minutes.
const HEALTH_TIMEOUT_MS = 600_000
/** What the store's commands must read from its .env, not from this process. */
const STORE_ENV_NAMES = ['NODE_ENV', 'DATABASE_URL', 'BNPL_API_URL', 'BNPL_API_KEY', 'BNPL_API_URL_TEST', 'BNPL_ENCRYPTION_KEY', 'JWT_SECRET', 'COOKIE_SECRET', 'MEDUSA_BACKEND_URL']

/** PostgreSQL and the sandbox, started while npm installs (they need no store); never rejects until awaited. */
function startServices(store) {
  const services = (async () => {
    const database = await startPostgres({ dataDir: path.join(store.tmp, 'pg', 'data'), persistent: false })
    running.add({ stop: () => settle(database.stop(), 10_000), kill: () => database.killNow() })
    await database.ensureDatabase('medusa_store')
    const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
    const sandbox = await startSandbox({ port: 0 })
    running.add({ stop: () => settle(sandbox.close()) })
    return { database, sandbox }
  })()
  services.catch(() => {})
  return services
}

/** `medusa build` needs no database (types, backend, admin bundle): it runs while the migrations run. */
function buildInBackground(store) {
  const buildEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: 'true' }
  delete buildEnv.NODE_ENV
  return runInBackground('build', 'npx', ['medusa', 'build'], { cwd: store.dir, env: buildEnv })
}

/** The services awaited (a check), and the store's port chosen. */
async function servicesStarted(store, services) {
  const { database, sandbox } = await check('embedded PostgreSQL and the sandbox started', async () => {
    const started = await services
    return { ...started, detail: `PostgreSQL on localhost:${started.database.port}, sandbox at ${started.sandbox.url}` }
  })
  Object.assign(store, { db: database, sandbox })
  store.port = await findFreePort()
  store.backendUrl = `http://localhost:${store.port}`
}

/** README's .env lines with this machine's values, then README's encryption key command; the commands' environment. */
async function writeEnv(store, install) {
  const { dir, db, sandbox, backendUrl } = store
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
    fs.writeFileSync(path.join(dir, '.env'), lines.join('\n') + '\n')
    await run('encryption-key', 'bash', ['-c', ENCRYPTION_KEY_COMMAND], { cwd: dir })
    const written = fs.readFileSync(path.join(dir, '.env'), 'utf8')
    assert(/^BNPL_ENCRYPTION_KEY=[0-9a-f]{64}$/m.test(written), `no BNPL_ENCRYPTION_KEY of 64 hex digits in .env after \`${ENCRYPTION_KEY_COMMAND}\``)
    return lines.map((l) => l.split('=')[0]).concat('BNPL_ENCRYPTION_KEY').join(', ')
  })
  // The commands read .env (loadEnv); only the port and telemetry come from here.
  store.env = { ...process.env, PORT: String(store.port), MEDUSA_DISABLE_TELEMETRY: 'true' }
  for (const name of STORE_ENV_NAMES) delete store.env[name]
}

/** `npx medusa db:migrate`: every migration of the installed plugin ran, its tables exist. */
function migrate(store) {
  return check('npx medusa db:migrate (README step 3) creates the plugin\'s tables', async () => {
    await run('db-migrate', 'npx', ['medusa', 'db:migrate'], { cwd: store.dir, env: store.env })
    const migrationsDir = path.join(store.pluginDir, '.medusa', 'server', 'src', 'modules', 'bnpl', 'migrations')
    const expected = fs.readdirSync(migrationsDir).filter((f) => /^Migration.*\.js$/.test(f)).map((f) => f.replace(/\.js$/, ''))
    const { Client } = require(require.resolve('pg', { paths: [ROOT] }))
    const client = new Client({ connectionString: store.db.url('medusa_store') })
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
}

/** The starter's own seed command (README step 5), where the starter has one. */
function seedStarter(store) {
  return check(`the starter's seed (README step 5: ${store.starter.seedCommand})`, async () => {
    const t = Date.now()
    await run('seed', 'bash', ['-c', store.starter.seedCommand], { cwd: store.dir, env: store.env })
    return `${seconds(t)} s`
  })
}

/** The admin user needs the migrated database only: made while the build and README step 4 run. */
const adminUserInBackground = (store) => runInBackground('user', 'npx', ['medusa', 'user', '-e', ADMIN.email, '-p', ADMIN.password], { cwd: store.dir, env: store.env })

/** The plugin's admin extensions (widget ids, settings route paths) missing from the store's admin bundle. */
function extensionsMissingFromBundle(store, adminDir) {
  const adminEntry = path.join(store.pluginDir, '.medusa', 'server', 'src', 'admin', 'index.mjs')
  const entry = fs.existsSync(adminEntry) ? fs.readFileSync(adminEntry, 'utf8') : ''
  const markers = [...new Set([...entry.matchAll(/widgetId:\s*"([^"]+)"/g), ...entry.matchAll(/\bpath:\s*"(\/[^"]+)"/g)].map((m) => m[1]))]
  const bundle = fs
    .readdirSync(path.join(adminDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(adminDir, 'assets', f), 'utf8'))
    .join('\n')
  return { markers, absent: markers.filter((m) => !bundle.includes(m)) }
}

/** The build started alongside: its output, the admin bundle with the plugin's extensions. */
function buildDone(store, storeBuild) {
  return check('npx medusa build (backend + admin with the plugin\'s extensions)', async () => {
    const build = await storeBuild
    assert(build.ok, build.output)
    const serverDir = store.serverDir
    const adminDir = path.join(serverDir, 'public', 'admin')
    assert(fs.existsSync(path.join(serverDir, 'medusa-config.js')), `${serverDir}/medusa-config.js missing after medusa build`)
    assert(fs.existsSync(path.join(adminDir, 'index.html')), `${adminDir}/index.html missing after medusa build`)
    // The plugin's admin extensions (widget ids, settings route paths) must be in the bundle.
    const { markers, absent } = extensionsMissingFromBundle(store, adminDir)
    assert(!absent.length, `the store's admin bundle lacks the plugin's extensions: ${absent.join(', ')}`)
    return `${build.seconds} s (alongside the steps above); ${markers.length ? `admin bundle has ${markers.join(', ')}` : 'the plugin declares no admin extension'}`
  })
}

/** README step 4's install in the build output (forced outside the range, as the plugin's install was). */
function installServer(store) {
  const { serverDir, inRange } = store
  return check(`README step 4: ${SERVER_INSTALL_COMMAND} (in the build output, as Medusa documents)`, async () => {
    const t = Date.now()
    await run('npm-install-server', 'bash', ['-c', SERVER_INSTALL_COMMAND.replace('npm install', `npm install ${store.npmArgs.join(' ')}${inRange ? '' : ' --legacy-peer-deps'}`)], {
      cwd: store.dir,
      timeoutMs: 900_000,
    })
    assert(fs.existsSync(path.join(serverDir, 'node_modules', PLUGIN_NAME, 'package.json')), `${serverDir}/node_modules has no ${PLUGIN_NAME}`)
    assert(fs.existsSync(path.join(serverDir, '.env')), `${serverDir}/.env missing`)
    return `${seconds(t)} s`
  })
}

/** The admin user made alongside the build. */
function adminUserCreated(adminUser) {
  return check(`admin user created (npx medusa user -e ${ADMIN.email})`, async () => {
    const user = await adminUser
    assert(user.ok, user.output)
    return `${user.seconds} s (alongside the build)`
  })
}

/**
 * `npx medusa start` from the build output, in production, until /health answers; `extraEnv`
 * added to the store's environment (a restart: `store.server` stopped first).
 * @param {any} store @param {Record<string, string>} [extraEnv]
 */
function startStore(store, extraEnv = {}) {
  const restart = !!store.server
  store.serverLogFile = logPath(restart ? 'start-again' : 'start')
  const said = Object.entries(extraEnv).map(([k, v]) => `${k}=${v} `).join('')
  return check(`${said}npx medusa start (production) answers /health${restart ? ' (restarted)' : ''}`, async () => {
    const t = Date.now()
    if (store.server) await store.server.stop()
    const server = spawnLogged('npx', ['medusa', 'start'], { cwd: store.serverDir, env: { ...store.env, ...extraEnv, NODE_ENV: 'production', LOG_LEVEL: 'debug' }, logFile: store.serverLogFile })
    store.server = running.child(server)
    await waitForHealth(`${store.backendUrl}/health`, { timeoutMs: HEALTH_TIMEOUT_MS, intervalMs: 250, child: server, name: 'medusa start', logFile: store.serverLogFile })
    return `${store.backendUrl} ready in ${seconds(t)} s`
  })
}

module.exports = {
  startServices,
  buildInBackground,
  servicesStarted,
  writeEnv,
  migrate,
  seedStarter,
  adminUserInBackground,
  buildDone,
  installServer,
  adminUserCreated,
  startStore,
}
