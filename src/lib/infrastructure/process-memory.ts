/**
 * What the plugin keeps in this process's memory (eligibility answers, breakers, learnt
 * deadlines, rate windows, service clients, the settings read): each store is registered here
 * where it is created, so that all of it can be forgotten at once, as a restart would. The test
 * run that loads several suites into one app (integration-tests/runner/shared-app.js) forgets
 * it between suites; nothing in the plugin calls it.
 */
type Forgettable = { clear(): void }

const kept = new Set<Forgettable>()

/** Registers `store` (created once, at module level) and returns it. */
export function keptInMemory<T extends Forgettable>(store: T): T {
  kept.add(store)
  return store
}

/** Empties every registered store; returns how many there are. */
export function forgetProcessMemory(): number {
  for (const store of kept) {
    store.clear()
  }
  return kept.size
}
