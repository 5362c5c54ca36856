/**
 * The Medusa versions this plugin is tested with (package.json's `@medusajs/*` peer range, kept
 * equal by a unit test) and the refusal a store outside them gets at start-up: the provider is
 * not registered and the settings page says why, so a store is either fully working or plainly
 * refusing, never half (on 2.15 a forced install took payments it could not finish).
 */
export const SUPPORTED_MEDUSA = { lowest: "2.21.0", highest: "2.21.2", below: "2.22.0" } as const

/** The npm range of the peer dependencies. */
export const SUPPORTED_MEDUSA_RANGE = `>=${SUPPORTED_MEDUSA.lowest} <${SUPPORTED_MEDUSA.below}`

/**
 * What a store runs to come into the range: the plugin's `medusa-bnpl-upgrade` (bin/) sets every
 * `@medusajs/*` package the store lists to one supported release, with the admin's peers
 * (`@medusajs/ui`, `react-router-dom`) at that release's, and lets npm re-resolve them in the
 * lockfile (npm will not move an old release's lock: ERESOLVE). Run through npx so it works before
 * the plugin can be installed; `--legacy-peer-deps` keeps npx from fetching Medusa as its peers.
 */
export const MEDUSA_UPGRADE_COMMAND =
  "npx --yes --legacy-peer-deps --package=medusa-plugin-bnpl medusa-bnpl-upgrade && npm install && npx medusa db:migrate"

/** [major, minor, patch] of a release version; undefined for anything else (a prerelease included). */
function parseVersion(version: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * Why the plugin refuses to take payments on this Medusa (one log line, also shown on the
 * settings page), or undefined inside the range. `found`: `@medusajs/medusa`'s version.
 */
export function medusaVersionProblem(found: string | undefined): string | undefined {
  const version = found ? parseVersion(found) : undefined
  const lowest = parseVersion(SUPPORTED_MEDUSA.lowest)!
  const below = parseVersion(SUPPORTED_MEDUSA.below)!
  if (version && compare(version, lowest) >= 0 && compare(version, below) < 0) {
    return undefined
  }
  const what = found ? `Medusa ${found}` : "an unknown Medusa version (@medusajs/medusa not found)"
  const fix =
    version && compare(version, below) >= 0
      ? `use a medusa-plugin-bnpl release that supports it, or Medusa ${SUPPORTED_MEDUSA.highest}: ${MEDUSA_UPGRADE_COMMAND}`
      : `upgrade the store: ${MEDUSA_UPGRADE_COMMAND}`
  return (
    `medusa-plugin-bnpl supports Medusa ${SUPPORTED_MEDUSA_RANGE} and found ${what}: instalment payment is off ` +
    `(the payment provider pp_bnpl_bnpl is not registered). To turn it on, ${fix}`
  )
}

/**
 * The store's `@medusajs/medusa` version, read through `load` (Node's `require` from the
 * plugin's folder: in a store, the store's own copy); undefined when it cannot be read.
 */
export function installedMedusaVersion(load: (id: string) => unknown = require): string | undefined {
  try {
    const pkg = load("@medusajs/medusa/package.json") as { version?: unknown }
    return typeof pkg?.version === "string" ? pkg.version : undefined
  } catch {
    return undefined
  }
}

let refusal: { problem: string | undefined } | undefined

/** This process's refusal (read once: the installed Medusa does not change while it runs). */
export function medusaRefusal(): string | undefined {
  refusal ??= { problem: medusaVersionProblem(installedMedusaVersion()) }
  return refusal.problem
}
