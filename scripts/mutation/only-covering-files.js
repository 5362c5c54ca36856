// Jest's runner under Stryker (scripts/mutation/jest.config.js): for a mutant, only the test files
// that hold a test covering it, the model last, and none after the first file with a failing
// test (Stryker's default "bail": one failing test kills the mutant).
//
// For a mutant, Stryker runs jest with --findRelatedTests (every test file importing the mutated
// file) and a --testNamePattern of the tests that covered the mutant in its first run. Jest
// would still load every related file to find the names in it, and loading one costs 2-7 s here
// (@medusajs/framework/utils alone 2.5 s), while the tests that cover a mutant are in a few of
// them; and jest has no bail Stryker can use. The files are told by the names
// record-test-names.js wrote in that first run; a file it did not see runs as before. Outside a
// mutant's run (Stryker's first run, plain jest) this is jest's own runner.
const fs = require("node:fs")
const path = require("node:path")
const TestRunner = require("jest-runner").default

const NAMES = path.resolve(".tmp/mutation-test-names.jsonl")
/** The model-based test: a run of it costs about 10 s, run it when the others did not fail. */
const LAST = /\/src\/__tests__\/model\//

/** @returns {Map<string, string[]>} test file -> the full names of its tests */
function recordedNames() {
  const byFile = new Map()
  if (!fs.existsSync(NAMES)) return byFile
  for (const line of fs.readFileSync(NAMES, "utf8").split("\n")) {
    if (!line) continue
    const { file, name } = JSON.parse(line)
    byFile.set(file, [...(byFile.get(file) ?? []), name])
  }
  return byFile
}

class OnlyCoveringFiles extends TestRunner {
  async runTests(tests, watcher, options) {
    const pattern = this._globalConfig.testNamePattern
    if (!process.env.__STRYKER_ACTIVE_MUTANT__ || !options.serial) {
      return super.runTests(tests, watcher, options)
    }
    if (pattern) {
      const names = recordedNames()
      const wanted = new RegExp(pattern, "i") // as jest reads it
      tests = tests.filter((test) => !names.has(test.path) || names.get(test.path).some((n) => wanted.test(n)))
    }
    tests = [...tests.filter((t) => !LAST.test(t.path)), ...tests.filter((t) => LAST.test(t.path))]
    let failed = false
    const ran = []
    const off = this.on("test-file-success", ([test, result]) => {
      ran.push(`${path.basename(test.path)}${result.numFailingTests > 0 ? " (failed)" : ""}`)
      if (result.numFailingTests > 0) failed = true
    })
    try {
      for (const test of tests) {
        if (failed || watcher.isInterrupted()) break
        await super.runTests([test], watcher, options)
      }
    } finally {
      off()
      // BNPL_MUTATION_LOG=<absolute path>: each mutant's files, as run.
      if (process.env.BNPL_MUTATION_LOG) {
        const line = `mutant ${process.env.__STRYKER_ACTIVE_MUTANT__}: ${ran.join(", ") || "no file"}\n`
        fs.appendFileSync(process.env.BNPL_MUTATION_LOG, line)
      }
    }
  }
}

module.exports = OnlyCoveringFiles
