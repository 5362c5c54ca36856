'use strict'

/**
 * The plugin's tarball (install test, step 1): `medusa plugin:build` and `npm pack` into the
 * temporary folder, or the one packed by the run of several stores (`--tarball`); and the check
 * that it holds what a store needs and nothing else (no tests, sandbox, scripts, TypeScript
 * sources, .env, .demo, the repo's own medusa-config), every `exports` target included.
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { ROOT, ROOT_PKG } = require('./plugin')
const { check, assert, say } = require('./checks')
const { run, session } = require('./commands')

/** Files a store needs: the compiled plugin, package.json, and the usual docs. */
const ALLOWED_FILE = /^package\/(package\.json|README\.md|LICENSE(\.md|\.txt)?|CHANGELOG\.md|bin\/medusa-bnpl-upgrade\.js|\.medusa\/server\/src\/.+\.(js|mjs|cjs|json|d\.ts))$/
/** What must never ship, with the reason shown when it does. */
const FORBIDDEN = [
  [/(^|\/)__tests__\//, 'a test folder (__tests__)'],
  [/\.(spec|test)\.[cm]?[jt]sx?$/, 'a test file (*.spec.* / *.test.*)'],
  [/(^|\/)(integration-tests|unit-tests|test)\//, 'a test folder'],
  [/^package\/sandbox\//, 'the sandbox'],
  [/(^|\/)\.demo(\/|$)/, 'demo data (.demo)'],
  [/(^|\/)\.tmp(\/|$)/, 'scratch files (.tmp)'],
  [/(^|\/)\.env(\.|$)/, 'an .env file'],
  [/^package\/scripts\//, 'the scripts'],
  [/^package\/src\//, 'TypeScript sources (src/)'],
  [/(?<!\.d)\.tsx?$/, 'a TypeScript source file'],
  [/(^|\/)medusa-config\.[cm]?[jt]s$/, "the repository's own store config (medusa-config)"],
  [/(^|\/)node_modules\//, 'node_modules'],
  [/(^|\/)\.git\//, 'git data'],
  [/\.tgz$/, 'a tarball'],
]
/** Entry points a store loads from the package. */
const REQUIRED_FILES = [
  'package/package.json',
  'package/README.md',
  'package/.medusa/server/src/providers/bnpl/index.js',
  'package/.medusa/server/src/modules/bnpl/index.js',
  'package/.medusa/server/src/api/middlewares.js',
  'package/.medusa/server/src/workflows/index.js',
]
const REQUIRED_PREFIXES = [
  'package/.medusa/server/src/modules/bnpl/migrations/',
  'package/.medusa/server/src/subscribers/',
  'package/.medusa/server/src/jobs/',
  'package/.medusa/server/src/api/store/',
  'package/.medusa/server/src/api/admin/',
  'package/.medusa/server/src/api/hooks/',
]

/** The package's `exports` targets (wildcards as patterns). @param {any} exportsField */
function exportTargets(exportsField) {
  /** @type {{key: string, target: string}[]} */
  const targets = []
  const visit = (/** @type {string} */ key, /** @type {any} */ value) => {
    if (typeof value === 'string') targets.push({ key, target: value })
    else if (value && typeof value === 'object') for (const v of Object.values(value)) visit(key, v)
  }
  for (const [key, value] of Object.entries(exportsField || {})) visit(key, value)
  return targets
}

function checkTarballListing(/** @type {string[]} */ files, /** @type {any} */ pkg) {
  const problems = []
  for (const file of files) {
    const forbidden = FORBIDDEN.find(([pattern]) => /** @type {RegExp} */ (pattern).test(file))
    if (forbidden) problems.push(`${file}: ${forbidden[1]}`)
    else if (!ALLOWED_FILE.test(file)) problems.push(`${file}: not something a store needs (allowed: package.json, README, LICENSE, CHANGELOG, compiled .medusa/server/src with its type declarations)`)
  }
  const set = new Set(files)
  for (const file of REQUIRED_FILES) if (!set.has(file)) problems.push(`missing ${file}`)
  for (const prefix of REQUIRED_PREFIXES) if (!files.some((f) => f.startsWith(prefix))) problems.push(`nothing under ${prefix}`)
  for (const { key, target } of exportTargets(pkg.exports)) {
    const wanted = `package/${target.replace(/^\.\//, '')}`
    if (target.includes('*')) {
      const [before, after] = wanted.split('*')
      if (!files.some((f) => f.startsWith(before) && f.endsWith(after))) problems.push(`exports["${key}"] → ${target}: no file matches`)
    } else if (!set.has(wanted)) {
      problems.push(`exports["${key}"] → ${target}: not in the tarball`)
    }
  }
  return problems
}

/** The files in a tarball (`tar tzf`), folders left out. */
function tarListing(/** @type {string} */ file) {
  const listing = spawnSync('tar', ['tzf', file], { encoding: 'utf8' })
  assert(listing.status === 0, `tar tzf ${file} failed: ${listing.stderr}`)
  return listing.stdout.split('\n').filter((f) => f && !f.endsWith('/'))
}

/** `medusa plugin:build`, then `npm pack` into the temporary folder: the tarball's file, name, size and listing. */
async function buildAndPack() {
  await check('plugin builds (npx medusa plugin:build)', async () => {
    await run('plugin-build', 'npx', ['medusa', 'plugin:build'], { cwd: ROOT })
    return '.medusa/server'
  })

  return check('npm pack', async () => {
    const output = await run('pack', 'npm', ['pack', '--json', '--pack-destination', session.tmp], { cwd: ROOT })
    const json = JSON.parse(output)
    const file = path.join(session.tmp, json[0].filename)
    assert(fs.existsSync(file), `npm pack reported ${json[0].filename} but ${file} does not exist`)
    const size = fs.statSync(file).size
    const files = tarListing(file)
    const detail = `${json[0].filename}: ${(size / 1024).toFixed(1)} kB, ${files.length} files (unpacked ${(json[0].unpackedSize / 1024).toFixed(1)} kB)`
    return { file, name: json[0].filename, size, files, detail }
  })
}

/** A tarball packed by the caller (`--tarball`), described as buildAndPack describes its own. */
function givenTarball(/** @type {string} */ file) {
  const files = tarListing(file)
  say(`the tarball given: ${file}`)
  return { file, name: path.basename(file), size: fs.statSync(file).size, files }
}

/** The check on the tarball's listing (`tarball`: what buildAndPack or givenTarball describe). */
function tarballHoldsWhatAStoreNeeds(tarball) {
  return check('tarball holds what a store needs and nothing else', async () => {
    const problems = checkTarballListing(tarball.files, ROOT_PKG)
    assert(!problems.length, `tarball ${tarball.name}:\n  ${problems.join('\n  ')}`)
    return `${tarball.files.length} files: package.json, README.md, CHANGELOG.md, ${tarball.files.filter((f) => f.startsWith('package/.medusa/server/')).length} under .medusa/server/src`
  })
}

module.exports = { buildAndPack, givenTarball, tarballHoldsWhatAStoreNeeds }
