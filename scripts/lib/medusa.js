'use strict'

/**
 * This repository's store through the medusa CLI, for the scripts that run it (demo,
 * browser-test, production-test, bench): `medusa <command>` with its output in a log, and the
 * demo's seeded store (scripts/seed-demo.ts) with the admin it creates.
 */

const fs = require('node:fs')
const path = require('node:path')
const { ROOT, spawnLogged, runLogged } = require('./processes')

/** The CLI run with this Node (what node_modules/.bin/medusa links to). */
const MEDUSA_CLI = path.join(ROOT, 'node_modules', '@medusajs', 'cli', 'cli.js')
/** The admin user the scripts create (scripts/seed-demo.ts, or `medusa user` in the install test). */
const ADMIN = Object.freeze({ email: 'admin@example.com', password: 'supersecret' })
/** The sandbox's activated merchant (sandbox/server.js). */
const SANDBOX_KEY = 'sk_test_active_0000000000000000'

/**
 * `medusa <args>` started in `cwd` (detached, output in `logFile`): a server or worker.
 * @param {string[]} args @param {Omit<Parameters<typeof spawnLogged>[2], 'cwd'> & {cwd?: string}} options
 */
function spawnMedusa(args, { cwd = ROOT, ...options }) {
  return spawnLogged(process.execPath, [MEDUSA_CLI, ...args], { cwd, ...options })
}

/**
 * `medusa <args>` run to completion: resolves the seconds it took, rejects with its log's tail.
 * @param {string[]} args @param {Omit<Parameters<typeof runLogged>[2], 'cwd' | 'label'> & {cwd?: string}} options
 */
function runMedusa(args, { cwd = ROOT, ...options }) {
  return runLogged(process.execPath, [MEDUSA_CLI, ...args], { cwd, ...options, label: `medusa ${args.join(' ')}` })
}

/**
 * `medusa exec ./scripts/seed-demo.ts`: the demo's store (the ADMIN user, a publishable key, a
 * EUR region with the BNPL provider, products, stock location, shipping options; idempotent).
 * Resolves `{seed, seconds}`, `seed` being what the script wrote to `seedFile`.
 * @param {string} seedFile @param {Omit<Parameters<typeof runMedusa>[1], 'cwd'>} options
 */
async function seedDemoStore(seedFile, { env, ...options }) {
  const seconds = await runMedusa(['exec', './scripts/seed-demo.ts'], {
    ...options,
    env: { ...env, BNPL_DEMO_SEED_FILE: seedFile, BNPL_DEMO_ADMIN_EMAIL: ADMIN.email, BNPL_DEMO_ADMIN_PASSWORD: ADMIN.password },
  })
  return { seed: JSON.parse(fs.readFileSync(seedFile, 'utf8')), seconds }
}

module.exports = { MEDUSA_CLI, ADMIN, SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore }
