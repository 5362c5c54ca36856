// The unit tests `npm run mutation` runs under Stryker (stryker.config.mjs): the repository's jest
// configuration, limited to the unit tests of the money code (of these, Stryker's
// --findRelatedTests runs those that import the mutated files), with three aids: a mutant's run
// is kept to the test files that cover it (record-test-names.js, only-covering-files.js), and
// Medusa's packages are loaded once per process rather than once per test file
// (host-modules.js, environment.js; BNPL_MUTATION_ISOLATED=1: as jest does).
const path = require("node:path")
const base = require("../../jest.config.js")
const { hostModuleMapper } = require("./host-modules")

const rootDir = path.resolve(__dirname, "../..")
const shared = !process.env.BNPL_MUTATION_ISOLATED

module.exports = {
  ...base,
  rootDir,
  testMatch: [
    "<rootDir>/src/__tests__/model/*.unit.spec.ts",
    "<rootDir>/src/providers/bnpl/__tests__/*.unit.spec.ts",
    "<rootDir>/src/jobs/__tests__/*.unit.spec.ts",
    "<rootDir>/src/workflows/**/__tests__/*.unit.spec.ts",
    "<rootDir>/src/modules/bnpl/__tests__/*.unit.spec.ts",
    "<rootDir>/src/lib/**/__tests__/*.unit.spec.ts",
    "<rootDir>/src/api/store/bnpl/payment-outcome/__tests__/*.unit.spec.ts",
  ],
  setupFilesAfterEnv: ["<rootDir>/scripts/mutation/record-test-names.js"],
  runner: "<rootDir>/scripts/mutation/only-covering-files.js",
  ...(shared && {
    testEnvironment: path.join(__dirname, "environment.js"),
    moduleNameMapper: { ...base.moduleNameMapper, ...hostModuleMapper(path.join(rootDir, ".tmp/mutation-host")) },
  }),
}
