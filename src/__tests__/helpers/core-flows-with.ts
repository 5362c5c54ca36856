/**
 * Medusa's core flows with `overrides` in their place, for a `jest.mock` factory. The others are
 * read through to the real package, one at a time: the unit part loads each flow's own file when
 * first read (integration-tests/runner/lazy/index.js), where a spread of the package would load
 * all of them (5 s in every file that did).
 */
export function coreFlowsWith(overrides: Record<string, unknown>) {
  return Object.create(jest.requireActual("@medusajs/medusa/core-flows"), Object.getOwnPropertyDescriptors(overrides))
}
