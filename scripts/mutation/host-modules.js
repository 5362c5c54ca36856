// Medusa's packages loaded once per Stryker test process, not once per test file.
//
// Jest gives each test file its own copy of every module. Loading Medusa's packages is most of a
// test file's time here (@medusajs/framework/utils 2.5 s, core-flows 3-7 s; a file's tests take
// 0.1-0.5 s, the model's 5-10 s), and Stryker runs a mutant's covering files anew for each of
// the 1,100 mutants. Under mutation only, the names below map (moduleNameMapper) to a line that
// hands out the process's own copy (environment.js), so it is loaded once: a test file then
// costs 1 s instead of 5-10 s (35 s → 4 s for the model on a loaded machine). The plugin's code
// and the tests are still loaded per file, as jest does; so are the other packages.
//
// What differs from `npm run test:unit`: Medusa's code keeps its state between test files
// (workflows registered by name: re-registered with the same steps by the next file, which is
// allowed) and reads the real clock (Date faked by a test is the test's: the plugin's code
// reads it, Medusa's does not). BNPL_MUTATION_ISOLATED=1 turns this off; the figures in
// docs/figures.md were checked against an isolated run (same verdicts) on a sample.
const fs = require("node:fs")
const path = require("node:path")

const HOST_REQUIRE = "__bnplMutationHostRequire"

/** Every @medusajs name the plugin's server code and its unit tests import. */
const SHARED = [
  "@medusajs/framework",
  "@medusajs/framework/awilix",
  "@medusajs/framework/http",
  "@medusajs/framework/mikro-orm/core",
  "@medusajs/framework/pg",
  "@medusajs/framework/types",
  "@medusajs/framework/utils",
  "@medusajs/framework/workflows-sdk",
  "@medusajs/framework/zod",
  "@medusajs/medusa/core-flows",
]

/** jest's moduleNameMapper entries, each to a one-line file written under `dir`. */
function hostModuleMapper(dir) {
  fs.mkdirSync(dir, { recursive: true })
  const mapper = {}
  for (const name of SHARED) {
    const file = path.join(dir, `${name.replace(/[@/]/g, "_")}.js`)
    const line = `module.exports = globalThis.${HOST_REQUIRE}(${JSON.stringify(name)})\n`
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== line) fs.writeFileSync(file, line)
    mapper[`^${name.replace(/[/]/g, "\\/")}$`] = file
  }
  return mapper
}

module.exports = { HOST_REQUIRE, SHARED, hostModuleMapper }
