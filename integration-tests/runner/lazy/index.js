// The unit part's heavy Medusa entry points (jest.config.js maps each here for TEST_TYPE=unit):
// the same exports, each loaded from the file that defines it when first read.
//
// Why: `@medusajs/framework/utils` loads all of @medusajs/utils (about 2,900 files: knex,
// MikroORM, GraphQL...) to export 649 names, `@medusajs/medusa/core-flows` every workflow of
// Medusa (5.3 s), `/workflows-sdk` 2.3 s, `/http` 3.1 s, `/types` 2.6 s, and jest loads them again
// in every test file's registry. The plugin reads a few names of each, mostly a file of their
// own. A name read here is the defining module's own export, from the same registry, so it is
// the very value the index would give (`lazy-exports.unit.spec.js` checks every name against the
// real index). A spread or `Object.keys` of it (a `jest.mock` factory's `...requireActual`)
// reads every name, loading as much as the index does.
"use strict"

const { exportsOf } = require("../lazy-exports-map")

/** The entries made lazy, each with the file jest.config.js maps it to. */
const LAZY = {
  "@medusajs/framework/utils": "framework-utils.js",
  "@medusajs/framework/types": "framework-types.js",
  "@medusajs/framework/http": "framework-http.js",
  "@medusajs/framework/workflows-sdk": "framework-workflows-sdk.js",
  "@medusajs/medusa/core-flows": "medusa-core-flows.js",
}

/** `entry`'s exports, each read from its defining file when first read. */
function lazyExports(entry) {
  const lazy = {}
  Object.defineProperty(lazy, "__esModule", { value: true })
  for (const [name, file] of Object.entries(exportsOf(entry))) {
    Object.defineProperty(lazy, name, { enumerable: true, configurable: true, get: () => require(file)[name] })
  }
  return lazy
}

module.exports = { LAZY, lazyExports }
