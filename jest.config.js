const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const testMatch = {
  unit: [
    "<rootDir>/src/**/__tests__/**/*.unit.spec.[jt]s",
    "<rootDir>/sandbox/**/__tests__/**/*.unit.spec.[jt]s",
    "<rootDir>/scripts/**/__tests__/**/*.unit.spec.[jt]s",
    "<rootDir>/storefront/src/**/__tests__/**/*.unit.spec.[jt]s?(x)",
  ],
  "integration:http": ["<rootDir>/integration-tests/http/**/*.spec.[jt]s"],
}

// `npm test`'s full HTTP run (scripts/test.js sets BNPL_TEST_SHARED): the grouped suites run
// through their group's file, one app per group (integration-tests/runner/shared-app.js).
const shared = process.env.TEST_TYPE === "integration:http" && process.env.BNPL_TEST_SHARED === "1"
if (shared) {
  testMatch["integration:http"].push("<rootDir>/integration-tests/shared/*.spec.js")
}
const { GROUPED } = require("./integration-tests/runner/groups")

// The unit part's heavy Medusa entry points (`@medusajs/framework/utils`, core-flows...): each name
// loaded from its own file when first read instead of the whole package in every test file
// (integration-tests/runner/lazy/index.js says why). Their maps of names are made here, once,
// before the workers start.
const unit = (process.env.TEST_TYPE ?? "unit") === "unit"
const { LAZY } = require("./integration-tests/runner/lazy")
if (unit) for (const entry of Object.keys(LAZY)) require("./integration-tests/runner/lazy-exports-map").exportsOf(entry)
const lazyMapper = Object.fromEntries(
  Object.entries(LAZY).map(([entry, file]) => [`^${entry}$`, `<rootDir>/integration-tests/runner/lazy/${file}`])
)
const groupedSuites = shared ? GROUPED.map((suite) => `/integration-tests/http/${suite}\\.spec\\.ts$`) : []

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true, decorators: true },
          // The storefront kit's components use the automatic JSX runtime (no React import).
          transform: { react: { runtime: "automatic" } },
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  // .stryker-tmp: `npm run mutation`'s copies of the repository while it runs.
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.stryker-tmp/"],
  testPathIgnorePatterns: ["/node_modules/", ...groupedSuites],
  setupFiles: ["<rootDir>/integration-tests/setup.js", "<rootDir>/integration-tests/quiet-console.js"],
  setupFilesAfterEnv: ["<rootDir>/integration-tests/retry.js"],
  testMatch: testMatch[process.env.TEST_TYPE ?? "unit"],
  // A unit test's guard against a hang, not a measure: with @medusajs/framework/utils lazy (above)
  // a file's first call of, say, MathBN loads its modules inside the test, which took over jest's
  // 5 s default on the shared machine at load 14 (and under 1 s when quiet).
  ...(unit ? { testTimeout: 30_000 } : {}),
  // The HTTP suites' runner: Medusa's, starting each suite from an already migrated database
  // (integration-tests/runner/test-utils.js says how).
  moduleNameMapper: {
    "^@medusajs/test-utils$": "<rootDir>/integration-tests/runner/test-utils.js",
    ...(unit ? lazyMapper : {}),
  },
  // Long files first even in a fresh clone (integration-tests/runner/sequencer.js says why).
  testSequencer: "<rootDir>/integration-tests/runner/sequencer.js",
}
