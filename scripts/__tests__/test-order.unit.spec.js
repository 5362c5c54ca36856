'use strict'

const fs = require('node:fs')
const path = require('node:path')
const { GROUPS, GROUPED, EXPECTED_SECONDS } = require('../../integration-tests/runner/groups')

// The files of `npm test`'s full HTTP run: one per group, and every suite no group runs.
const HTTP_DIR = path.join(__dirname, '..', '..', 'integration-tests', 'http')
const fullRunFiles = () => [
  ...Object.keys(GROUPS),
  ...fs
    .readdirSync(HTTP_DIR)
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.replace(/\.spec\.ts$/, ''))
    .filter((suite) => !GROUPED.includes(suite)),
]

describe("the full HTTP run's expected durations (sequencer.js orders a fresh clone's run by them)", () => {
  it('name every file of the run, and nothing else', () => {
    expect(Object.keys(EXPECTED_SECONDS).sort()).toEqual(fullRunFiles().sort())
  })
})
