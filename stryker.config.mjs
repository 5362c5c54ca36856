// @ts-check
// `npm run mutation`: StrykerJS over the money code, with the unit tests that cover it
// (docs/figures.md, "Mutation testing"). Not in CI: a full run takes about an hour on 2 cores;
// an incremental run (the default here) only tests the mutants whose code or tests changed.

// Read by jest.config.js and the model, in Stryker's test processes (they inherit this process's env).
process.env.TEST_TYPE = "unit"
process.env.LOG_LEVEL ??= "warn"
// The model's generated sequences per mutant it covers (40 in `npm run test:unit`): the kept
// regressions and 60 sequences keep a run of it near 10 s. MODEL_RUNS=150 npm run mutation for more.
process.env.MODEL_RUNS ??= "60"

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  jest: { projectType: "custom", configFile: "scripts/mutation/jest.config.js", enableFindRelatedTests: true },
  // As scripts/test.js runs jest.
  testRunnerNodeArgs: ["--experimental-vm-modules"],
  coverageAnalysis: "perTest",
  mutate: [
    "src/providers/bnpl/refund.ts",
    "src/providers/bnpl/ending.ts",
    // authorizePayment, getPaymentStatus and its verdict, capture, refund, cancel, deletePayment
    "src/providers/bnpl/service.ts:138-239",
    "src/modules/bnpl/ledger.ts",
    "src/modules/bnpl/ledger-settling.ts",
    "src/modules/bnpl/medusa-holding.ts",
    "src/jobs/settle-bnpl-payments.ts",
    "src/lib/messages/policy.ts",
    // the trigger's gate (triggerAllowed) moved here from policy.ts
    "src/lib/messages/kinds/trigger.ts",
    "src/workflows/messages/utils/payment-started.ts",
    "src/workflows/messages/utils/ended-payments.ts",
    "src/workflows/payment/utils/trigger-deadline.ts",
    "src/lib/payment/trigger-deadlines.ts",
    "src/jobs/warn-trigger-deadlines.ts",
    "src/lib/reconciliation/consistency.ts",
  ],
  plugins: ["@stryker-mutator/jest-runner", "./scripts/mutation/ignore-log-lines.mjs"],
  ignorers: ["LogLines"],
  // Kept between runs (gitignored, like every report): the next run tests only what changed.
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // 2 cores; another jest run may share them.
  concurrency: 2,
  // A mutant's tests are timed out after 2 × their time in the first run + 60 s + jest's start:
  // the model's time moves with the machine's load (3-5 × on a busy 2-core machine), and a
  // survivor taken for a timeout would count as killed. Loops a mutant makes endless are caught
  // sooner by Stryker's hit limit.
  timeoutFactor: 2,
  timeoutMS: 60_000,
  ignorePatterns: ["/docs", "/storefront", "/demo-storefront", "/.tmp", "/.medusa", "/coverage"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
}
