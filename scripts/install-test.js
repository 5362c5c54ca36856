#!/usr/bin/env node
'use strict'

/**
 * `node scripts/install-test.js` (`npm run test:install`): the packed plugin installed in a
 * separate Medusa store, as a merchant installs it (README "Install in your store").
 *
 *  1. `medusa plugin:build`, `npm pack`: the tarball must hold what a store needs and nothing
 *     else (no tests, sandbox, scripts, TypeScript sources, .env, .demo, the repo's own
 *     medusa-config), every `exports` target, and built code that imports only Node built-ins
 *     and the package's declared dependencies / peer dependencies (scripts/lib/package-imports.js).
 *  2. A store in a temporary folder (under os.tmpdir()) cloned from one of Medusa's starters
 *     (`--starters`: integration-tests/install/starters, their real package.json and seed) at its
 *     own Medusa release: its own `npm install`, then README's upgrade command to `--medusa
 *     <version>` and `npm install`, then a real `npm install <tarball>` as a merchant runs `npm
 *     install medusa-plugin-bnpl` (npm's cache is reused between runs; nothing is linked from
 *     this repository). The store's medusa-config.ts gets README step 2 verbatim and step 4's
 *     `cookieOptions` line.
 *  3. Embedded PostgreSQL + the sandbox; the README's commands in the store (`npx medusa
 *     db:migrate`), an admin user, `medusa build` (backend + admin with the plugin's
 *     extensions), `npm install` in .medusa/server and `medusa start` from there (production
 *     mode, as Medusa documents), then over HTTP what a merchant does: enable pp_bnpl_bnpl on a
 *     region, a publishable key, the plugin's store, admin and notification routes, the admin
 *     settings (paste the key, verify); the subscribers, jobs, workflows and routes registered
 *     from the installed package; the admin logged into with its session cookie over http
 *     (README step 4), and an order of the starter's catalogue paid in 3 instalments and
 *     fulfilled, until its `shipping_info` reaches the sandbox.
 *  A `--medusa` version above the tested range (`testedMedusa`) but inside the peers (the next
 *  Medusa: `--medusa next`, the registry's newest prerelease, or `latest` once it moves past the
 *  tested releases) is the canary: the store moved there as README's upgrade would, the plugin
 *  installed (a prerelease's ERESOLVE reported, then forced) and started, the settings saying
 *  `untested` with the sentence, then restarted with BNPL_ALLOW_UNTESTED_MEDUSA=<minor> and the
 *  merchant's journey; one line says installs / starts / order / shipping_info or the failure,
 *  and a canary never fails the run. `--medusa latest` past the tested range fails it, with the
 *  sentence that says what to do.
 *  A `--medusa` version outside the plugin's peer range checks the refusal instead: npm refuses
 *  the install (ERESOLVE); forced with `--legacy-peer-deps`, the store starts, logs one line
 *  (version found, range, upgrade command), registers no pp_bnpl_bnpl, and the settings say why.
 *
 *   node scripts/install-test.js                   run it (exit 1 on any failed check)
 *   node scripts/install-test.js --medusa 2.21.0   the store at another Medusa version
 *   node scripts/install-test.js --medusa next     the canary: the registry's newest prerelease
 *   node scripts/install-test.js --ui 4.2.8        the store's @medusajs/ui moved there (with the
 *                                                  @medusajs/icons it requires) before the plugin;
 *                                                  `--ui 4.2.8:dtc-starter@2.21.2`: in that store
 *                                                  only (starter, @version, or both) of several
 *   node scripts/install-test.js --keep            keep the temporary folder (logs, store) for a look
 *   node scripts/install-test.js --verbose         stream the commands' output
 *
 * Everything started is stopped at the end, on failure and on Ctrl-C; the folder is removed.
 *
 * This file is the list of steps; they live in scripts/install-test/: readme.js (README's
 * install section), tarball.js (step 1), install.js (step 2), start.js, merchant.js and
 * loaded.js (step 3), refusal.js (outside the range), many.js (several stores); checks.js and
 * commands.js what they share.
 */

const { onStopSignals } = require('./lib/processes')
const { commandLine } = require('./lib/command-line')
const { starterNames, parseUiOption } = require('./install-test/starters')
const { ROOT, PLUGIN_NAME, ROOT_PKG } = require('./install-test/plugin')
const { started, seconds, say, results, CheckFailed, assert } = require('./install-test/checks')
const { running, session } = require('./install-test/commands')
const { readmeIsWhatThisTestDoes } = require('./install-test/readme')
const { buildAndPack, givenTarball, tarballHoldsWhatAStoreNeeds } = require('./install-test/tarball')
const { makeStore, cloneStarter, upgradeMedusa, moveUi, upgradeUntested, installPlugin, loadsFromStoreOnly, importsOnlyDeclared, peersWithinRanges } = require('./install-test/install')
const start = require('./install-test/start')
const { merchantJourney } = require('./install-test/merchant')
const { refusalChecks } = require('./install-test/refusal')
const { storesSideBySide } = require('./install-test/many')
const { untestedChecks, canaryReport } = require('./install-test/untested')
const { resolveMedusaVersions, latestPastTested } = require('./install-test/registry')

const args = commandLine('Usage: node scripts/install-test.js [--medusa <version>|latest|next[,...]] [--starters <name>[,<name>...]] [--ui <version>[:<starter>@<medusa>]] [--tarball <file>] [--keep] [--verbose]')
session.keep = args.has('--keep')
session.verbose = args.has('--verbose')
/**
 * The stores' Medusa versions: `--medusa` (several, comma-separated; `latest` and `next`, the
 * registry's, resolved and printed), else the version this repository is developed with.
 * CANARIES: those a tag named that are not tested: reported, never failing the run by themselves.
 */
const { versions: MEDUSA_VERSIONS, canaries: CANARIES, latest: REGISTRY_LATEST } = resolveMedusaVersions(
  (args.value('--medusa') || ROOT_PKG.devDependencies['@medusajs/medusa']).split(',').map((v) => v.trim()).filter(Boolean),
  say
)
/** Medusa's starters the stores are cloned from (integration-tests/install/starters). */
const STARTER_NAMES = (args.value('--starters') || 'dtc-starter').split(',').map((v) => v.trim()).filter(Boolean)
for (const name of STARTER_NAMES) if (!starterNames().includes(name)) throw new Error(`--starters: unknown starter ${name} (have ${starterNames().join(', ')})`)
/**
 * `--ui <version>[:<starter>@<medusa>]`: the `@medusajs/ui` tested stores move to (`4.2.8`), in
 * every one or in those the part after `:` names (`dtc-starter@2.21.2`, `dtc-starter`, `@2.21.2`).
 */
const UI = parseUiOption(args.value('--ui'))
/** A tarball already packed (by the run of several versions): not built nor packed again. */
const GIVEN_TARBALL = args.value('--tarball')

onStopSignals(async (signal) => {
  console.error(`\n[install-test] ${signal}: stopping everything`)
  session.interrupted = true
  await running.stopAll()
  process.exit(130)
})

/** One store: the first `--medusa` version, the first starter. */
async function main() {
  say(`Node ${process.version}; repository ${ROOT}`)
  assert(ROOT_PKG.name === PLUGIN_NAME, `package.json name is ${ROOT_PKG.name}, expected ${PLUGIN_NAME}`)
  const ui = UI && UI.matches(STARTER_NAMES[0], MEDUSA_VERSIONS[0]) ? UI.version : undefined
  const store = makeStore({ medusaVersion: MEDUSA_VERSIONS[0], starterName: STARTER_NAMES[0], ui })
  // Fail early on README drift (cheap) before building anything.
  const install = await readmeIsWhatThisTestDoes()

  // 1. Build and pack
  store.tarball = GIVEN_TARBALL ? givenTarball(GIVEN_TARBALL) : await buildAndPack()
  await tarballHoldsWhatAStoreNeeds(store.tarball)

  // 2. The store
  const services = start.startServices(store)
  current = store
  store.starter = await cloneStarter(store, install)
  if (store.kind === 'tested') await upgradeMedusa(store)
  if (store.kind === 'tested' && store.ui) await moveUi(store)
  if (store.kind === 'untested') await upgradeUntested(store)
  await installPlugin(store)
  await loadsFromStoreOnly(store)
  await importsOnlyDeclared(store)
  if (store.inRange) await peersWithinRanges(store)

  // 3. Run it
  const build = start.buildInBackground(store)
  await start.servicesStarted(store, services)
  await start.writeEnv(store, install)
  await start.migrate(store)
  // Also the refusal store: its checks enable the provider on the seeded region and post a cart.
  if (store.starter.seedCommand) await start.seedStarter(store)
  const adminUser = start.adminUserInBackground(store)
  await start.buildDone(store, build)
  await start.installServer(store)
  await start.adminUserCreated(adminUser)
  await start.startStore(store)
  if (store.kind === 'untested') {
    // The canary: the sentence first, then the journey with the merchant's opt-in.
    const { allow } = await untestedChecks(store)
    await start.startStore(store, allow)
  }
  await (store.inRange ? merchantJourney(store) : refusalChecks(store))
}

/** The store main() makes (for the canary's line at the end). */
let current = null

async function finish(/** @type {boolean} */ ok) {
  await running.stopAll()
  const failed = results.filter((r) => !r.ok)
  console.log('')
  console.log(`Install test (${PLUGIN_NAME}): ${ok && !failed.length ? 'PASSED' : 'FAILED'}`)
  for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name}${r.detail && r.ok ? ` — ${r.detail}` : ''} (${r.seconds} s)`)
  if (failed.length) console.log(`\nFailed: ${failed[0].name}\n${failed[0].detail}`)
  console.log(`Total: ${seconds(started)} s, ${results.filter((r) => r.ok).length} passed, ${failed.length} failed`)
  if (current && current.kind === 'untested') console.log(canaryReport(current, results))
  // `--medusa latest` past the tested range fails the run, whatever its store did: what to do.
  const past = REGISTRY_LATEST && latestPastTested(REGISTRY_LATEST)
  if (past) console.log(`\n${past}`)
  process.exit(session.interrupted ? 130 : ok && !failed.length && !past ? 0 : 1)
}

// A canary runs as a store of its own (another process), so that its failure is reported, not fatal.
const several = MEDUSA_VERSIONS.length > 1 || STARTER_NAMES.length > 1 || CANARIES.length > 0
;(several ? storesSideBySide({ script: __filename, versions: MEDUSA_VERSIONS, starters: STARTER_NAMES, canaries: CANARIES, ui: UI }) : main()).then(
  () => finish(true),
  (error) => {
    if (!(error instanceof CheckFailed)) {
      console.error(`[install-test] ${error && error.stack ? error.stack : error}`)
      results.push({ name: 'install test', ok: false, detail: String(error && error.message ? error.message : error), seconds: seconds(started) })
    }
    return finish(false)
  }
)
