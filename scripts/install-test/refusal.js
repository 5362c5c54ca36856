'use strict'

/**
 * A store outside the supported range, forced in with `--legacy-peer-deps` (install test): it
 * starts, says why in one log line (the version found, the range, the upgrade command), registers
 * no provider that could take a payment, and the settings say why.
 */

const { ADMIN } = require('../lib/medusa')
const { PROVIDER_ID, MEDUSA_RANGE } = require('./plugin')
const { check, assert, http, expectStatus } = require('./checks')
const { readMedusaLog } = require('./commands')
const { UPGRADE_COMMAND } = require('./readme')

/** @param {{backendUrl: string, serverLogFile: string, medusaVersion: string}} store */
async function refusalChecks({ backendUrl, serverLogFile, medusaVersion }) {
  await check('one start-up line: the version found, the range, the upgrade command', async () => {
    const lines = readMedusaLog(serverLogFile).filter((l) => l.message.includes(`supports Medusa ${MEDUSA_RANGE} and found Medusa ${medusaVersion}`))
    assert(lines.length === 1, `expected one refusal line in ${serverLogFile}, found ${lines.length}`)
    assert(lines[0].level === 'error' && lines[0].message.includes(`${UPGRADE_COMMAND} && npm install && npx medusa db:migrate`), `refusal line: ${lines[0].level} ${lines[0].message}`)
    return lines[0].message
  })
  const login = await http(`${backendUrl}/auth/user/emailpass`, { method: 'POST', body: { email: ADMIN.email, password: ADMIN.password } })
  expectStatus(login, 200, 'POST /auth/user/emailpass')
  const headers = { authorization: `Bearer ${login.data.token}` }
  await check(`no ${PROVIDER_ID} registered: nothing can take an instalment payment`, async () => {
    const response = await http(`${backendUrl}/admin/payments/payment-providers`, { headers })
    expectStatus(response, 200, 'GET /admin/payments/payment-providers')
    const ids = (response.data.payment_providers || []).map((/** @type {any} */ p) => p.id)
    assert(!ids.includes(PROVIDER_ID), `payment providers: ${ids.join(', ')}`)
    const region = await http(`${backendUrl}/admin/regions`, { method: 'POST', headers, body: { name: 'Europe', currency_code: 'eur', countries: ['fr'], payment_providers: [PROVIDER_ID] } })
    assert(region.status >= 400, `a region accepted ${PROVIDER_ID}: ${region.status} ${region.text.slice(0, 300)}`)
    return `providers: ${ids.join(', ')}; a region with ${PROVIDER_ID}: HTTP ${region.status}`
  })
  await check('the settings page says why', async () => {
    const response = await http(`${backendUrl}/admin/bnpl/settings`, { headers })
    expectStatus(response, 200, 'GET /admin/bnpl/settings')
    const problem = response.data?.settings?.medusa_version_problem
    assert(typeof problem === 'string' && problem.includes(medusaVersion), `no medusa_version_problem naming ${medusaVersion}: ${response.text.slice(0, 400)}`)
    return problem
  })
}

module.exports = { refusalChecks }
