// The unit part's lazy Medusa entry points (integration-tests/runner/lazy/, mapped by
// jest.config.js) give every name the package's own index gives, and the same value: the very
// object, class or function, read from the same module registry.
const path = require("node:path")
const { LAZY } = require("../../integration-tests/runner/lazy")

const ROOT = path.resolve(__dirname, "../..")

describe.each(Object.keys(LAZY))("the unit part's %s", (entry) => {
  // Its index by path: the mapping only matches the package's name.
  const real = () => require(require.resolve(entry, { paths: [ROOT] }))

  it("is the lazy one here (the mapping is in force)", () => {
    const lazy = require(entry)
    expect(lazy).not.toBe(real())
    const [first] = Object.keys(lazy)
    expect(Object.getOwnPropertyDescriptor(lazy, first).get).toEqual(expect.any(Function))
  })

  it("has the index's names, each the same value", () => {
    const lazy = require(entry)
    const names = Object.keys(real()).filter((name) => name !== "__esModule")
    expect(names.length).toBeGreaterThan(10)
    expect(Object.keys(lazy).sort()).toEqual(names.sort())
    expect(names.filter((name) => lazy[name] !== real()[name])).toEqual([])
  })
})
