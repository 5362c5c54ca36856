// The unit part's `@medusajs/framework/utils` (integration-tests/runner/lazy-utils.js, mapped by
// jest.config.js) gives every name the package's own index gives, and the same value: the very
// object, class or function, read from the same module registry.
const path = require("node:path")

const ROOT = path.resolve(__dirname, "../..")

describe("the unit part's @medusajs/framework/utils", () => {
  const lazy = require("@medusajs/framework/utils")
  // Its index by path: the mapping only matches the package's name.
  const real = require(require.resolve("@medusajs/framework/utils", { paths: [ROOT] }))

  it("is the lazy one here (the mapping is in force)", () => {
    expect(lazy).not.toBe(real)
    expect(Object.getOwnPropertyDescriptor(lazy, "MedusaError").get).toEqual(expect.any(Function))
  })

  it("has the index's names, each the same value", () => {
    const names = Object.keys(real).filter((name) => name !== "__esModule")
    expect(names.length).toBeGreaterThan(600)
    expect(Object.keys(lazy).sort()).toEqual(names.sort())
    expect(names.filter((name) => lazy[name] !== real[name])).toEqual([])
  })
})
