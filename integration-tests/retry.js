// The HTTP part runs a real Medusa, PostgreSQL and sandbox on a shared machine: a test that
// failed is run once more (its hooks too) before it counts as failed. A test that passed only on
// its second run is not hidden: jest logs its first failure here, and `npm test` names it at the
// end of its output ("↻"), to be mended. A test that fails twice fails the run.
if (process.env.TEST_TYPE === "integration:http") {
  jest.retryTimes(1, { logErrorsBeforeRetry: true })
}
