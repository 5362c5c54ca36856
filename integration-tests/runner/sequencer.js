// The order jest runs test files in: its own (the slowest first, by the durations it keeps in its
// cache from the last run; without them, the largest file first), except that an HTTP file it
// has no duration for yet gets the one groups.js expects. In a fresh clone (CI) jest knows no
// duration, and by size the group files (one line each) came last, after the two short suites
// that boot apps of their own: a worker then idled while the other ran a whole group.

const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default
const { EXPECTED_SECONDS } = require("./groups")

class ExpectedDurationSequencer extends Sequencer {
  /** @param {import("@jest/test-result").Test} test */
  time(test) {
    const known = super.time(test)
    if (known != null) return known
    const name = path.basename(test.path).replace(/\.spec\.[jt]s$/, "")
    return EXPECTED_SECONDS[name] != null ? EXPECTED_SECONDS[name] * 1000 : undefined
  }
}

module.exports = ExpectedDurationSequencer
