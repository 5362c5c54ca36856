// `@medusajs/test-utils` as the HTTP suites see it (jest.config.js maps the package name here):
// the same exports, with `medusaIntegrationTestRunner` doing two more things, so every suite,
// old or new, gets them without a line of its own.
//
// 1. A suite's database starts as a copy of one already migrated (`CREATE DATABASE ... TEMPLATE`)
//    when scripts/test.js prepared one (env BNPL_TEST_MIGRATED_DB): Medusa's runner then finds
//    every migration done and skips straight to loading the app. Its own migrator still runs, so
//    whatever the copy lacks (a suite's feature flag adding a module) is migrated as before.
// 2. Each suite's boot (database, migrations, app start) and test time are appended to
//    BNPL_TEST_TIMINGS (JSON lines), which scripts/test.js sums up at the end of the run.
// 3. Before each test, after the database is restored, the plugin forgets what it kept in the
//    app's memory (src/lib/infrastructure/process-memory.ts).
// 4. Called while a group of suites is loaded into one app (shared-app.js), it joins that app.

const fs = require("node:fs")
const path = require("node:path")
// Not the bare package name: jest maps that one to this file.
const actual = require("@medusajs/test-utils/dist/index.js")
const { forgetProcessMemory } = require("../../src/lib/infrastructure/process-memory")

const DB_CONFIG = {
  host: process.env.DB_HOST || "localhost",
  port: Number(process.env.DB_PORT || 5432),
  user: process.env.DB_USERNAME || "postgres",
  password: process.env.DB_PASSWORD || undefined,
  database: "postgres",
}

/** Creates `name` as a copy of `template` (dropping a leftover of the same name first). */
async function copyDatabase(name, template) {
  const { Client } = require("@medusajs/framework/pg")
  const client = new Client(DB_CONFIG)
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)
    // Two workers may copy the same template at once; PostgreSQL refuses a template someone is
    // connected to, which only a just-finished copy can briefly be: try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`)
        return
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error.message))) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  } finally {
    await client.end()
  }
}

function suiteFile() {
  const testPath = expect.getState().testPath
  return testPath ? path.relative(process.cwd(), testPath) : "unknown"
}

function recordTiming(entry) {
  const file = process.env.BNPL_TEST_TIMINGS
  if (file) fs.appendFileSync(file, JSON.stringify(entry) + "\n")
}

function medusaIntegrationTestRunner(options) {
  // Required by a group of suites sharing one app (shared-app.js): join it instead of booting.
  if (globalThis.__bnplSharedApp) return globalThis.__bnplSharedApp.join(options)
  const file = suiteFile()
  const worker = process.env.JEST_WORKER_ID || "1"
  const slug = path.basename(file).replace(/\.spec\.[jt]s$/, "").replace(/[^a-z0-9]+/gi, "-").toLowerCase()
  // Named for the suite (the runner's default is a random id): a leftover is recognisable.
  const dbName = options.dbName ?? `medusa-${slug}-integration-${worker}`
  const template = process.env.BNPL_TEST_MIGRATED_DB
  const times = { started: 0, booted: 0, restoring: 0, restore_ms: 0 }

  // Outside the runner's describe, so it runs before the runner's own beforeAll (the boot).
  beforeAll(async () => {
    times.started = Date.now()
    if (template && !options.dbName) await copyDatabase(dbName, template)
  })
  beforeEach(() => {
    times.restoring = Date.now()
  })
  afterAll(() => {
    const now = Date.now()
    recordTiming({
      file,
      worker,
      boot_ms: times.booted ? times.booted - times.started : null,
      tests_ms: times.booted ? now - times.booted : null,
      total_ms: now - times.started,
      restore_ms: times.restore_ms,
      from_template: Boolean(template && !options.dbName),
    })
  })

  return actual.medusaIntegrationTestRunner({
    ...options,
    dbName,
    testSuite: (testOptions) => {
      // The first hook inside the runner's describe: the app is up, the suite's own hooks follow.
      beforeAll(() => {
        times.booted = Date.now()
      })
      // Runs right after the runner's own beforeEach (the database restored from its snapshot):
      // the app forgets what it kept in memory of the test before (cached settings, answers,
      // tokens, breakers), as it would after a restart, so each test starts from the same app too.
      beforeEach(() => {
        times.restore_ms += Date.now() - times.restoring
        forgetProcessMemory()
      })
      return options.testSuite(testOptions)
    },
  })
}

module.exports = { ...actual, medusaIntegrationTestRunner, recordTiming }
