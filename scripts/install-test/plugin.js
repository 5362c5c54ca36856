'use strict'

/**
 * The plugin under test, as this repository declares it: its name, its payment provider's id,
 * its package.json and the Medusa range it supports (its peer dependency on @medusajs/medusa).
 */

const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')
const PLUGIN_NAME = 'medusa-plugin-bnpl'
const PROVIDER_ID = 'pp_bnpl_bnpl'
const ROOT_PKG = require(path.join(ROOT, 'package.json'))
/** The plugin's supported range (its peer dependency on @medusajs/medusa). */
const MEDUSA_RANGE = ROOT_PKG.peerDependencies['@medusajs/medusa']
const semver = require(require.resolve('semver', { paths: [ROOT] }))

module.exports = { ROOT, PLUGIN_NAME, PROVIDER_ID, ROOT_PKG, MEDUSA_RANGE, semver }
