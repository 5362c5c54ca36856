'use strict'

/**
 * A store on an untested Medusa (above testedMedusa, inside the peers: the canary of the next
 * Medusa, `--medusa next` / `--medusa latest` once it moves): the plugin installs and starts as
 * usual, refuses new payments with its sentence (the settings say `untested`, the start-up log
 * and the store's eligibility answer the same sentence, naming BNPL_ALLOW_UNTESTED_MEDUSA=<minor>),
 * then, restarted with that opt-in, the merchant's whole journey to an order's `shipping_info`.
 * `canaryReport` sums it up in one line: Medusa installs / plugin installs / starts / order /
 * shipping_info, or the exact failure.
 */

const { ADMIN } = require('../lib/medusa')
const { check, assert, http, expectStatus } = require('./checks')
const { readMedusaLog } = require('./commands')

/** `2.22` for 2.22.0-snapshot-...: what BNPL_ALLOW_UNTESTED_MEDUSA takes. */
const minorOf = (/** @type {string} */ version) => version.split('.').slice(0, 2).join('.')

/** @param {{backendUrl: string, serverLogFile: string, medusaVersion: string}} store */
async function untestedChecks({ backendUrl, serverLogFile, medusaVersion }) {
  const minor = minorOf(medusaVersion)
  const opt = `BNPL_ALLOW_UNTESTED_MEDUSA=${minor}`
  const sentence = await check(`on the untested Medusa ${medusaVersion}: one start-up line, new payments refused, naming ${opt}`, async () => {
    const lines = readMedusaLog(serverLogFile).filter((l) => l.message.includes(`found Medusa ${medusaVersion}: new instalment payments are refused`))
    assert(lines.length === 1, `expected one refusal line in ${serverLogFile}, found ${lines.length}`)
    assert(lines[0].message.includes(`set ${opt} in the backend's environment`), `the line does not name ${opt}: ${lines[0].message}`)
    return { sentence: lines[0].message, detail: lines[0].message }
  })
  const said = /** @type {{sentence: string}} */ (sentence).sentence
  await check('the settings say untested, with the sentence', async () => {
    const login = await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email: ADMIN.email, password: ADMIN.password } })
    expectStatus(login, 200, 'POST /auth/user/emailpass')
    const response = await http(`${backendUrl}/admin/bnpl/settings`, { headers: { authorization: `Bearer ${login.data.token}` } })
    expectStatus(response, 200, 'GET /admin/bnpl/settings')
    const settings = response.data?.settings
    const versions = settings?.medusa_version
    assert(versions?.found === medusaVersion && versions.status === 'untested' && versions.new_payments === false, `medusa_version: ${JSON.stringify(versions)}`)
    assert(settings.medusa_version_problem === said, `medusa_version_problem is not the start-up line: ${settings.medusa_version_problem}`)
    return JSON.stringify(versions)
  })
  return { allow: { BNPL_ALLOW_UNTESTED_MEDUSA: minor } }
}

/**
 * One line for the canary (CI prints it): each step of the store on an untested Medusa, ✔ or ✘,
 * then the first failure as it was.
 * @param {{medusaVersion: string}} store @param {{name: string, ok: boolean, detail: string}[]} results
 */
function canaryReport({ medusaVersion }, results) {
  const find = (/** @type {RegExp} */ pattern) => results.find((r) => pattern.test(r.name))
  const medusa = find(/^the store moved to the untested Medusa/)
  // npm's `npm install medusa-plugin-bnpl`, or pnpm's `npx --yes pnpm@10.11.1 add medusa-plugin-bnpl` (the dtc-starter).
  const install = find(/^(npm install|(npx --yes )?pnpm(@\S+)? add) medusa-plugin-bnpl/)
  const start = find(/BNPL_ALLOW_UNTESTED_MEDUSA=.*answers \/health/) || find(/answers \/health/)
  const order = find(/^an order paid in 3 instalments/)
  const orderPlaced = order && (order.ok || /shipping_info of order/.test(order.detail))
  const mark = (/** @type {boolean | undefined} */ ok, /** @type {unknown} */ seen) => (seen ? (ok ? 'yes' : 'NO') : 'not reached')
  const failed = results.find((r) => !r.ok)
  const forced = install?.ok && /forced with --legacy-peer-deps/.test(install.detail) ? ' (npm refused the prerelease peer: forced)' : ''
  return (
    `Canary Medusa ${medusaVersion}: Medusa installs ${mark(medusa?.ok, medusa)}, plugin installs ${mark(install?.ok, install)}${forced}, starts ${mark(start?.ok, start)}, ` +
    `order ${mark(orderPlaced, order)}, shipping_info ${mark(order?.ok, order)}` +
    (failed ? `; failed: ${failed.name}: ${failed.detail.split('\n').slice(0, 6).join(' | ').slice(0, 800)}` : '')
  )
}

module.exports = { untestedChecks, canaryReport, minorOf }
