// The unit tests `npm run mutation` runs under Stryker (stryker.config.mjs): the repository's jest
// configuration, limited to the unit tests of the money code (of these, Stryker's
// --findRelatedTests runs those that import the mutated files), plus two aids that keep a
// mutant's run to the test files that cover it (record-test-names.js, only-covering-files.js).
const path = require("node:path")
const base = require("../../jest.config.js")

module.exports = {
  ...base,
  rootDir: path.resolve(__dirname, "../.."),
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
}
