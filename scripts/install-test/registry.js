'use strict'

/**
 * `--medusa latest` and `--medusa next` (install test): the registry's newest release and newest
 * prerelease of `@medusajs/medusa`, read from its dist-tags (`npm view`), and what a store on a
 * version is for the test: tested (`testedMedusa`), untested (the peers accept it, the tests do
 * not: the canary's path), or outside the peers (the refusal).
 */

const { execFileSync } = require('node:child_process')
const { MEDUSA_RANGE, TESTED_MEDUSA, semver } = require('./plugin')

const PACKAGE = '@medusajs/medusa'
/** The names `--medusa` takes besides versions. */
const TAGS = ['latest', 'next']

/** `npm view @medusajs/medusa dist-tags versions --json`: `{tags, versions}`. */
function readRegistry() {
  const out = execFileSync('npm', ['view', PACKAGE, 'dist-tags', 'versions', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const data = JSON.parse(out)
  return { tags: data['dist-tags'] || {}, versions: data.versions || [] }
}

/**
 * The version a tag names: `latest`, the registry's; `next`, its `next` tag when one is newer
 * than `latest`, else the newest prerelease above `latest` (Medusa publishes its next minor's
 * snapshots without a tag), else `latest` itself. `{version, how}`.
 * @param {'latest' | 'next'} tag @param {{tags: Record<string, string>, versions: string[]}} registry
 */
function resolveTag(tag, { tags, versions }) {
  const latest = tags.latest
  if (!latest) throw new Error(`${PACKAGE} has no latest dist-tag on the registry`)
  if (tag === 'latest') return { version: latest, how: `dist-tag latest` }
  if (tags.next && semver.gt(tags.next, latest)) return { version: tags.next, how: 'dist-tag next' }
  const newer = versions.filter((v) => semver.valid(v) && semver.prerelease(v) && semver.gt(v, latest)).sort(semver.compare)
  if (newer.length) return { version: newer[newer.length - 1], how: `no next dist-tag: the newest prerelease above latest ${latest}` }
  return { version: latest, how: `no prerelease above latest ${latest}: next is latest` }
}

/**
 * What the test does with a store on `version`, as the plugin's check sees it
 * (src/lib/infrastructure/medusa-version.ts): `tested`; `untested`, above the tested range in the peers' major,
 * a prerelease of the next minor included (2.22.0-snapshot-...: the canary's path); or `outside`
 * (the refusal).
 */
function kindOf(/** @type {string} */ version) {
  const parsed = semver.parse(version)
  if (!parsed) return 'outside'
  if (!parsed.prerelease.length && semver.satisfies(version, TESTED_MEDUSA)) return 'tested'
  const release = `${parsed.major}.${parsed.minor}.${parsed.patch}`
  if (semver.satisfies(release, MEDUSA_RANGE) && semver.gtr(release, TESTED_MEDUSA)) return 'untested'
  return 'outside'
}

/**
 * The sentence CI fails with when the registry's latest release is past the tested range, or
 * undefined when it is tested.
 */
function latestPastTested(/** @type {string} */ latest) {
  if (semver.prerelease(latest) || !semver.gtr(latest, TESTED_MEDUSA)) return undefined
  return (
    `The registry's latest @medusajs/medusa is ${latest}, past the releases medusa-plugin-bnpl is tested with (testedMedusa ${TESTED_MEDUSA}): ` +
    `stores installing Medusa today get it and the plugin refuses their new payments. Run the canary (node scripts/install-test.js --medusa latest); ` +
    `when it is green (installs, starts, order, shipping_info), bump testedMedusa in package.json and SUPPORTED_MEDUSA in src/lib/infrastructure/medusa-version.ts to include ${latest} ` +
    `and release; until then, pin: name the tested releases in .ci/run's --medusa instead of latest.`
  )
}

/**
 * `--medusa`'s list with `latest` and `next` resolved (each printed through `say`), duplicates
 * dropped (a tag naming a version already listed costs nothing). Returns `{versions, canaries,
 * latest}`: `canaries`, the versions a tag named that are not tested (reported, never failing
 * the run by themselves); `latest`, the registry's latest when `latest` was asked for.
 * @param {string[]} tokens @param {(line: string) => void} say @param {() => ReturnType<typeof readRegistry>} [read]
 */
function resolveMedusaVersions(tokens, say, read = readRegistry) {
  let registry
  const versions = []
  const canaries = new Set()
  let latest
  for (const token of tokens) {
    let version = token
    if (TAGS.includes(token)) {
      registry ??= read()
      const resolved = resolveTag(/** @type {'latest' | 'next'} */ (token), registry)
      version = resolved.version
      if (token === 'latest') latest = version
      const kind = kindOf(version)
      const again = versions.includes(version)
      say(`--medusa ${token}: ${PACKAGE}@${version} (${resolved.how}; ${kind}${kind === 'tested' ? '' : `, testedMedusa ${TESTED_MEDUSA}`})${again ? ': already in this run, not run twice' : ''}`)
      if (kind !== 'tested') canaries.add(version)
    } else if (!semver.valid(token)) {
      throw new Error(`--medusa: ${token} is neither a version nor one of ${TAGS.join(', ')}`)
    }
    if (!versions.includes(version)) versions.push(version)
  }
  return { versions, canaries: [...canaries], latest }
}

module.exports = { TAGS, readRegistry, resolveTag, kindOf, latestPastTested, resolveMedusaVersions }
