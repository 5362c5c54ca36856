'use strict'

/**
 * Several stores (`--medusa a,b,c` or several `--starters`): the plugin built and packed once,
 * then one store per starter and version, side by side (scripts/install-test.js again, with
 * `--tarball`): a store's npm installs wait on the disk and the network while another builds, so
 * together they take about as long as the longest rather than the sum. Each store's whole output
 * is printed when it ends, in order.
 */

const fs = require('node:fs')
const { ROOT, MEDUSA_RANGE, semver } = require('./plugin')
const { say, results, CheckFailed } = require('./checks')
const { session, workFolder, logPath, runInBackground } = require('./commands')
const { buildAndPack } = require('./tarball')

/**
 * Each starter at each version in the range; a canary on the first starter only (one store: it
 * costs CI the least); a version outside the range (the refusal) on the last starter only.
 */
const storesToMake = (versions, starters, canaries = []) =>
  versions.flatMap((version) =>
    canaries.includes(version)
      ? [{ version, starter: starters[0] }]
      : semver.satisfies(version, MEDUSA_RANGE)
        ? starters.map((starter) => ({ version, starter }))
        : [{ version, starter: starters[starters.length - 1] }]
  )

/**
 * @param {{script: string, versions: string[], starters: string[], canaries?: string[], ui?: {version: string, matches: (starter: string, medusa: string) => boolean}}} options
 * `script`: scripts/install-test.js, run once per store; `canaries`: versions whose stores are
 * reported (their canary line), their failure not counted; `ui`: `--ui`, passed to the tested
 * stores it names.
 */
async function storesSideBySide({ script, versions, starters, canaries = [], ui }) {
  say(`Node ${process.version}; repository ${ROOT}; stores from ${starters.join(', ')} on Medusa ${versions.join(', ')}, side by side`)
  workFolder('bnpl-install-tests-')
  const tarball = await buildAndPack()
  const flags = [...(session.keep ? ['--keep'] : []), ...(session.verbose ? ['--verbose'] : [])]
  const stores = storesToMake(versions, starters, canaries).map(({ version, starter }) => {
    const moved = ui && !canaries.includes(version) && ui.matches(starter, version) ? ui.version : undefined
    const uiFlags = moved ? ['--ui', moved] : []
    return {
      version: `${version} (${starter}${moved ? `, @medusajs/ui ${moved}` : ''})`,
      canary: canaries.includes(version),
      log: `store-${starter}-${version}`,
      done: runInBackground(`store-${starter}-${version}`, process.execPath, [script, '--medusa', version, '--starters', starter, ...uiFlags, '--tarball', tarball.file, ...flags], { cwd: ROOT, timeoutMs: 3_600_000 }),
    }
  })
  let failures = 0
  for (const store of stores) {
    const outcome = await store.done
    console.log(`\n${'-'.repeat(30)} store on Medusa ${store.version} ${'-'.repeat(30)}`)
    console.log(fs.readFileSync(logPath(store.log), 'utf8').trimEnd())
    const log = fs.readFileSync(logPath(store.log), 'utf8')
    const summary = /Total: [^\n]*/.exec(log)
    if (store.canary) {
      const line = /Canary Medusa [^\n]*/.exec(log)
      results.push({ name: `canary store on Medusa ${store.version} (reported, not failing the run)`, ok: true, detail: line ? line[0] : `no canary line: ${outcome.output.slice(-1500)}`, seconds: outcome.seconds })
      continue
    }
    results.push({ name: `store on Medusa ${store.version}`, ok: outcome.ok, detail: summary ? summary[0] : outcome.output.slice(-2000), seconds: outcome.seconds })
    if (!outcome.ok) failures++
  }
  if (failures) throw new CheckFailed(`${failures} of ${stores.length} stores failed`)
}

module.exports = { storesSideBySide }
