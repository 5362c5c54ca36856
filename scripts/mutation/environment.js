// Jest's node environment under Stryker (scripts/mutation/jest.config.js), with the process's
// own `require` for the shared Medusa packages (host-modules.js). Stryker wraps it with its own
// (coverage per test, the active mutant).
const { TestEnvironment } = require("jest-environment-node")
const { HOST_REQUIRE } = require("./host-modules")

class MutationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    const root = config.projectConfig.rootDir
    this.global[HOST_REQUIRE] = (id) => require(require.resolve(id, { paths: [root] }))
  }
}

module.exports = MutationEnvironment
