'use strict'

/**
 * The plugin under test, as this repository declares it: its name, its payment provider's id,
 * its package.json, the Medusa range npm accepts and the one it is tested with.
 */

const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')
const PLUGIN_NAME = 'medusa-plugin-bnpl'
const PROVIDER_ID = 'pp_bnpl_bnpl'
const ROOT_PKG = require(path.join(ROOT, 'package.json'))
/**
 * The range npm installs the plugin into (its peer dependency on @medusajs/medusa: `^2.21.0`). A
 * store outside it gets the refusal checks (refusal.js).
 */
const MEDUSA_RANGE = ROOT_PKG.peerDependencies['@medusajs/medusa']
/**
 * The releases it is tested with (`testedMedusa`: `>=2.21.0 <2.22.0`): inside MEDUSA_RANGE but
 * above this one, new payments are refused unless BNPL_ALLOW_UNTESTED_MEDUSA names the minor.
 */
const TESTED_MEDUSA = ROOT_PKG.testedMedusa
const semver = require(require.resolve('semver', { paths: [ROOT] }))

module.exports = { ROOT, PLUGIN_NAME, PROVIDER_ID, ROOT_PKG, MEDUSA_RANGE, TESTED_MEDUSA, semver }
