// Several HTTP suites in one Medusa app (`npm test`'s full run: scripts/test.js sets
// BNPL_TEST_SHARED). A boot costs 15-50 s; most suites need the same app (the plugin against
// the sandbox, `testPorts().env`) and differ only in what they put in the database. So a group
// file boots the app once and runs its suites one after the other, each from the same fresh
// database a suite of its own would get:
//
//   boot → snapshot "base" (migrated, nothing else)
//   per suite: restore "base" → the suite's beforeAll hooks (sandbox, store, admin) →
//              snapshot → its tests, each restored from that snapshot (Medusa's runner)
//
// The suites themselves are unchanged: their `medusaIntegrationTestRunner({env, testSuite})`
// call (most make it through `sandboxStoreSuite`, helpers/sandbox-store.ts), made while the
// group requires them, joins the group's app instead of booting one (test-utils.js). A suite
// whose env differs from the group's refuses to join (it needs a boot of its own: leave it out
// of the group). What lives in the app's memory (caches, breakers, rate limits) is shared, as it
// already is between the tests of one suite.

const path = require("node:path")
const { GROUPS } = require("./groups")
const { forgetProcessMemory } = require("../../src/lib/infrastructure/process-memory")

const HTTP_DIR = path.resolve(__dirname, "../http")
/** The longest `jest.setTimeout` a suite asks for (order-timeline's). */
const TEST_TIMEOUT_MS = 400_000

/**
 * What the plugin reads from the environment on every request (its settings: src/modules/bnpl/
 * settings), never once at boot: a suite whose env differs from the group's only in these joins
 * the group, its own values in force from its first hook to its last (a key it does not set is
 * unset meanwhile, as in an app of its own). Anything else read at boot (PORT, feature flags,
 * module options) must be the group's.
 */
const PER_REQUEST_ENV = /^(BNPL_(API_URL|API_KEY|API_URL_TEST|API_KEY_TEST|API_HOSTS|ENCRYPTION_KEY|ELIGIBILITY_API|MODE|TRUSTED_PROXIES)|MEDUSA_BACKEND_URL)$/

/** The keys of `suite`'s env read at boot whose value differs from the group's. */
function bootEnvDifferences(group = {}, suite = {}) {
  return Object.keys(suite).filter((key) => !PER_REQUEST_ENV.test(key) && suite[key] !== group[key])
}

/** Puts `suite`'s per-request env in force over the group's; returns the function that restores the group's. */
function applyPerRequestEnv(group = {}, suite = {}) {
  const keys = [...new Set([...Object.keys(group), ...Object.keys(suite)])].filter((key) => PER_REQUEST_ENV.test(key))
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]))
  const set = (key, value) => (value === undefined ? delete process.env[key] : (process.env[key] = value))
  for (const key of keys) set(key, suite[key])
  return () => {
    for (const key of keys) set(key, saved[key])
  }
}

/** Runs the suites of group `name` (groups.js) in one app. Call it from the group's spec file. */
function runSuitesInOneApp(name) {
  const suites = GROUPS[name]
  if (!suites) throw new Error(`No HTTP suite group "${name}" in integration-tests/runner/groups.js`)
  // Our runner (test-utils.js: template database, timings), not the group-joining one.
  const { medusaIntegrationTestRunner, recordTiming } = require("./test-utils")
  const { testPorts } = require("../helpers/checkout")
  const ports = testPorts(0)
  const base = `bnpl-shared-${name}-${process.env.JEST_WORKER_ID || "1"}-base`

  medusaIntegrationTestRunner({
    env: ports.env,
    testSuite: (options) => {
      beforeAll(async () => {
        await options.dbUtils.snapshot({ templateName: base })
      })
      afterAll(async () => {
        await options.dbUtils.dropTemplate(base).catch(() => undefined)
      })

      for (const suite of suites) {
        const file = path.join(HTTP_DIR, `${suite}.spec.ts`)
        describe(`${suite}.spec.ts`, () => {
          const times = { started: 0, ready: 0 }
          beforeAll(async () => {
            times.started = Date.now()
            await options.dbUtils.restore({ templateName: base })
            // The app as a restart would leave it: no answer, breaker or rate window of the suite before.
            if (!forgetProcessMemory()) throw new Error("The plugin's process memory is not reachable from the tests (src/lib/infrastructure/process-memory.ts)")
          })
          let joined = false
          globalThis.__bnplSharedApp = {
            ports,
            join(suiteOptions) {
              const differences = bootEnvDifferences(ports.env, suiteOptions.env)
              if (differences.length) {
                throw new Error(
                  `${suite}.spec.ts sets ${differences.join(", ")}, read when the app starts: it needs an app of its own. Take it out of group "${name}" in integration-tests/runner/groups.js`
                )
              }
              joined = true
              // Before the suite's own hooks (registered by testSuite below) and after them.
              let restoreEnv = () => {}
              beforeAll(() => {
                restoreEnv = applyPerRequestEnv(ports.env, suiteOptions.env)
                forgetProcessMemory()
              })
              suiteOptions.testSuite(options)
              afterAll(() => restoreEnv())
            },
          }
          try {
            require(file)
          } finally {
            delete globalThis.__bnplSharedApp
          }
          if (!joined) throw new Error(`${suite}.spec.ts did not call medusaIntegrationTestRunner`)
          // After the suite's own beforeAll hooks: its tests start from what they set up.
          beforeAll(async () => {
            await options.dbUtils.snapshot()
            times.ready = Date.now()
          })
          afterAll(() => {
            const now = Date.now()
            recordTiming({
              file: path.relative(process.cwd(), file),
              shared: name,
              worker: process.env.JEST_WORKER_ID || "1",
              boot_ms: times.ready ? times.ready - times.started : null,
              tests_ms: times.ready ? now - times.ready : null,
              total_ms: now - times.started,
              restore_ms: 0,
            })
          })
        })
      }
      jest.setTimeout(TEST_TIMEOUT_MS)
    },
  })
}

module.exports = { runSuitesInOneApp }
