// The unit part's `@medusajs/framework/utils` (jest.config.js maps it here for TEST_TYPE=unit):
// the same exports, each loaded from the file that defines it when first read.
//
// Why: the package's index loads all of @medusajs/utils (about 2,900 files: knex, MikroORM,
// GraphQL...) to export 649 names, and jest loads it again in every test file's registry: about
// 2.5 s of CPU per unit file, most of the unit part's time. The plugin mostly reads
// `ContainerRegistrationKeys`, `MedusaError` or `Modules`, each a file of its own. A name read
// here is the defining module's own export, from the same registry, so it is the very value the
// index would give (`lazy-utils.unit.spec.ts` checks every name against the real index).
// A spread or `Object.keys` of it (a `jest.mock` factory's `...requireActual`) reads every
// name, loading as much as the index does.
"use strict"

const { exportsOf } = require("./lazy-utils-map")

const lazy = {}
Object.defineProperty(lazy, "__esModule", { value: true })
for (const [name, file] of Object.entries(exportsOf("@medusajs/framework/utils"))) {
  Object.defineProperty(lazy, name, { enumerable: true, configurable: true, get: () => require(file)[name] })
}
module.exports = lazy
