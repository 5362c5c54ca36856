/**
 * The Medusa versions this plugin is tested with, and what it does on any other (see
 * docs/decisions.md, "Medusa versions"): the payment provider is always registered, so every
 * payment already taken is still captured, refunded, cancelled, triggered and notified; outside
 * the tested range only NEW instalment payments are refused, with one sentence (what was found,
 * what is tested, the command that fixes it) at start-up, in the admin's settings and in the
 * store API's answers. Above the tested range, inside the peer range (the next Medusa minor), a
 * merchant who has checked a payment on it opts in with `BNPL_ALLOW_UNTESTED_MEDUSA=<minor>`.
 */
export const SUPPORTED_MEDUSA = { lowest: "2.21.0", highest: "2.21.2", below: "2.22.0" } as const

/** The tested range as an npm range (package.json's `testedMedusa`, kept equal by a unit test). */
export const SUPPORTED_MEDUSA_RANGE = `>=${SUPPORTED_MEDUSA.lowest} <${SUPPORTED_MEDUSA.below}`

/**
 * The range package.json's `@medusajs/*` peers accept (kept equal by a unit test): the tested
 * range's major, from its lowest release on, so that npm installs the plugin on Medusa's next
 * minor the day it ships; the runtime check, not npm, decides about new payments there.
 */
export const MEDUSA_PEER_RANGE = `^${SUPPORTED_MEDUSA.lowest}`

/** The tested range in words, for the sentence and the admin. */
export const TESTED_MEDUSA_TEXT = `${SUPPORTED_MEDUSA.lowest} to ${SUPPORTED_MEDUSA.highest}`

/** The merchant's opt-in for an untested Medusa minor above the range: `BNPL_ALLOW_UNTESTED_MEDUSA=2.22`. */
export const ALLOW_UNTESTED_MEDUSA_ENV = "BNPL_ALLOW_UNTESTED_MEDUSA"

/**
 * Tests only (`NODE_ENV=test`): the Medusa version the check reads instead of the installed one,
 * honoured only while the installed one is tested, so it can refuse new payments but never lift
 * a refusal (see `medusaVersionCheck`).
 */
export const TEST_MEDUSA_VERSION_ENV = "BNPL_TEST_MEDUSA_VERSION"

/**
 * What a store below the range runs to come into it: the plugin's `medusa-bnpl-upgrade` (bin/)
 * sets every `@medusajs/*` package the store lists to one tested release, with the admin's peers
 * (`@medusajs/ui`, `react-router-dom`) at that release's, lets npm re-resolve them in the
 * lockfile (npm will not move an old release's lock: ERESOLVE) and, with `--install`, runs the
 * store's own package manager's install (pnpm, yarn or npm: its lock file or package.json's
 * `packageManager`), so the one command suits every store. Run through npx (Node's, whatever the
 * store's package manager) so it works before the plugin can be installed; `--legacy-peer-deps`
 * keeps npx from fetching Medusa as its peers. `npx medusa` runs the store's own CLI in all three.
 */
export const MEDUSA_UPGRADE_COMMAND =
  "npx --yes --legacy-peer-deps --package=medusa-plugin-bnpl medusa-bnpl-upgrade --install && npx medusa db:migrate"

/** What a store above the range runs for a plugin release tested with its Medusa, with each package manager. */
export const PLUGIN_UPGRADE_COMMAND =
  "npm install medusa-plugin-bnpl@latest, or pnpm add / yarn add medusa-plugin-bnpl@latest with pnpm or yarn"

/**
 * - `tested`: inside the tested range: everything works.
 * - `untested`: above it, in the peers' major (the next minor): new payments refused unless opted in.
 * - `untested_allowed`: the same, opted in (`BNPL_ALLOW_UNTESTED_MEDUSA`): new payments taken.
 * - `older`: below the range, or a prerelease of a release up to the range's: new payments refused.
 * - `other_major`: another major (outside the peers): new payments refused.
 * - `unknown`: `@medusajs/medusa` not found or not a version: new payments refused.
 */
export type MedusaVersionStatus = "tested" | "untested" | "untested_allowed" | "older" | "other_major" | "unknown"

export type MedusaVersionCheck = {
  /** `@medusajs/medusa`'s version, or null when it cannot be read. */
  found: string | null
  status: MedusaVersionStatus
  /** Whether new instalment payments (sessions, eligibility) are taken. Existing ones always are. */
  new_payments: boolean
  /** The sentence: why new payments are refused, or (opted in) that they are taken untested. */
  message?: string
}

type Version = { release: [number, number, number]; prerelease: boolean }

/** A version `x.y.z` or `x.y.z-pre`; undefined for anything else. */
function parseVersion(version: string): Version | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$/.exec(version.trim())
  return m ? { release: [Number(m[1]), Number(m[2]), Number(m[3])], prerelease: !!m[4] } : undefined
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

const release = (version: string) => parseVersion(version)!.release

/** `2.22` for 2.22.x: the value of `BNPL_ALLOW_UNTESTED_MEDUSA` that opts in to it. */
export function minorOf(version: string): string | undefined {
  const parsed = parseVersion(version)
  return parsed ? `${parsed.release[0]}.${parsed.release[1]}` : undefined
}

function sentence(found: string | null, consequence: string): string {
  const what = found ? `Medusa ${found}` : "no readable Medusa version (@medusajs/medusa not found)"
  return `medusa-plugin-bnpl is tested with Medusa ${TESTED_MEDUSA_TEXT} and found ${what}: ${consequence}`
}

const REFUSED =
  "new instalment payments are refused (payments already taken are still captured, refunded, cancelled and notified)"

/**
 * What the plugin does on `found` (`@medusajs/medusa`'s version), with `allow` the value of
 * `BNPL_ALLOW_UNTESTED_MEDUSA` (a minor, `2.22`, or the exact version found).
 */
export function checkMedusaVersion(found: string | undefined | null, allow?: string): MedusaVersionCheck {
  const version = found ? parseVersion(found) : undefined
  const lowest = release(SUPPORTED_MEDUSA.lowest)
  const below = release(SUPPORTED_MEDUSA.below)
  const at = found ?? null
  if (!version) {
    return {
      found: at,
      status: "unknown",
      new_payments: false,
      message: sentence(at, `${REFUSED}; to take them, bring the store to a tested release: ${MEDUSA_UPGRADE_COMMAND}`),
    }
  }
  if (!version.prerelease && compare(version.release, lowest) >= 0 && compare(version.release, below) < 0) {
    return { found: at, status: "tested", new_payments: true }
  }
  if (version.release[0] !== lowest[0]) {
    if (version.release[0] > lowest[0]) {
      return {
        found: at,
        status: "other_major",
        new_payments: false,
        message: sentence(
          at,
          `${REFUSED}; to take them, install a release of the plugin for it: ${PLUGIN_UPGRADE_COMMAND}`
        ),
      }
    }
  } else if (compare(version.release, below) >= 0) {
    const minor = minorOf(found!)!
    const opted = !!allow && [minor, found].includes(allow.trim())
    if (opted) {
      return {
        found: at,
        status: "untested_allowed",
        new_payments: true,
        message: sentence(
          at,
          `new instalment payments are taken because ${ALLOW_UNTESTED_MEDUSA_ENV}=${allow!.trim()} says a payment was checked on it; to come back to a tested pair, ${PLUGIN_UPGRADE_COMMAND}`
        ),
      }
    }
    return {
      found: at,
      status: "untested",
      new_payments: false,
      message: sentence(
        at,
        `${REFUSED}; to take them, install a release of the plugin tested with it: ${PLUGIN_UPGRADE_COMMAND}; or, once you have checked a payment on it, set ${ALLOW_UNTESTED_MEDUSA_ENV}=${minor} in the backend's environment and restart`
      ),
    }
  }
  return {
    found: at,
    status: "older",
    new_payments: false,
    message: sentence(at, `${REFUSED}; to take them, upgrade the store: ${MEDUSA_UPGRADE_COMMAND}`),
  }
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

let installed: { version: string | undefined } | undefined

/**
 * This process's check: the installed Medusa is read once (it does not change while the process
 * runs); the environment on each call (cheap). Under `NODE_ENV=test` a tested installation may
 * be made to look like another version (`BNPL_TEST_MEDUSA_VERSION`): that can only refuse.
 */
export function medusaVersionCheck(env: NodeJS.ProcessEnv = process.env): MedusaVersionCheck {
  installed ??= { version: installedMedusaVersion() }
  const allow = env[ALLOW_UNTESTED_MEDUSA_ENV]
  const real = checkMedusaVersion(installed.version, allow)
  const claimed = env.NODE_ENV === "test" ? env[TEST_MEDUSA_VERSION_ENV] : undefined
  return claimed && real.status === "tested" ? checkMedusaVersion(claimed, allow) : real
}

/** The sentence when new instalment payments are refused on this Medusa; undefined when they are taken. */
export function medusaRefusal(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const check = medusaVersionCheck(env)
  return check.new_payments ? undefined : check.message
}

/** What the admin's settings show (`GET /admin/bnpl/settings` → `settings.medusa_version`). */
export type MedusaVersionView = MedusaVersionCheck & {
  /** The Node.js version the backend runs on. */
  node: string
  tested: { lowest: string; highest: string }
}

export function medusaVersionView(env: NodeJS.ProcessEnv = process.env): MedusaVersionView {
  return {
    ...medusaVersionCheck(env),
    node: process.versions.node,
    tested: { lowest: SUPPORTED_MEDUSA.lowest, highest: SUPPORTED_MEDUSA.highest },
  }
}
