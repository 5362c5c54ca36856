// Stryker's first run of the tests (no mutant active): which file each test is in, by the name
// Stryker gives the test (jest's full name), for only-covering-files.js. Nothing outside Stryker.
const fs = require("node:fs")
const path = require("node:path")

if (process.env.STRYKER_MUTATOR_WORKER !== undefined && !process.env.__STRYKER_ACTIVE_MUTANT__) {
  // The worker runs in Stryker's copy of the repository (.stryker-tmp/sandbox-*).
  const file = path.resolve(".tmp/mutation-test-names.jsonl")
  fs.mkdirSync(path.dirname(file), { recursive: true })
  beforeEach(() => {
    const { testPath, currentTestName } = expect.getState()
    fs.appendFileSync(file, `${JSON.stringify({ file: testPath, name: currentTestName })}\n`)
  })
}
