'use strict'

const { checks } = require('../../integration-tests/production/checks')

/** A server whose every admin route answers 404, with medusaClient's contract (store-api.js). */
const notFoundServer = () => ({
  admin: async (method, path, _body, { allow = [] } = {}) => {
    if (allow === true || allow.includes(404)) return { status: 404, data: { message: 'Not found' } }
    throw Object.assign(new Error(`${method} ${path} -> 404`), { status: 404 })
  },
  store: async () => {
    throw new Error('the check went on after a 404')
  },
})

describe('production checks: a 404 from the settings route', () => {
  it('fails the settings check (the plugin routes did not load), never skips it', async () => {
    const check = checks.find((c) => c.name === 'settings saved on server A apply on server B')
    await expect(check.run({ a: notFoundServer(), b: notFoundServer() })).rejects.toThrow(/404/)
  })
})
