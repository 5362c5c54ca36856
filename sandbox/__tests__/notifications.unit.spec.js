'use strict'

/** The IPN: the call to ipn_callback_url after acceptance, its signature and retries. */

const http = require('node:http')
const crypto = require('node:crypto')
const { ACTIVE_KEY } = require('../merchants')
const { bootSandbox, waitFor } = require('./harness')

const { sandbox, call, newPayment } = bootSandbox()

describe('notification (IPN)', () => {
  let callbacks
  let statuses
  let receiver
  let receiverUrl
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      callbacks.push({ method: req.method, url: req.url, headers: req.headers })
      res.writeHead(statuses.shift() ?? 200)
      res.end()
    })
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks/bnpl/notification?source=test`
  })
  afterAll(() => new Promise((resolve) => receiver.close(resolve)))
  beforeEach(() => {
    callbacks = []
    statuses = []
  })

  it('calls ipn_callback_url with pid and a valid HMAC signature after acceptance', async () => {
    const { json: payment } = await newPayment({ ipn_callback_url: receiverUrl })
    await call('POST', `/pay/${payment.id}/accept`, { key: null })
    await waitFor(() => callbacks.length === 1)
    const expected = crypto.createHmac('sha256', ACTIVE_KEY).update(payment.id).digest('hex')
    expect(callbacks[0]).toMatchObject({ method: 'GET', url: `/hooks/bnpl/notification?source=test&pid=${payment.id}` })
    expect(callbacks[0].headers['x-bnpl-signature']).toBe(expected)
    await waitFor(() => sandbox.ipnCalls.length === 1)
    expect(sandbox.ipnCalls[0]).toMatchObject({ pid: payment.id, status: 200 })
  })

  it('retries after a non-2xx answer', async () => {
    statuses = [500, 503]
    const { json: payment } = await newPayment({ ipn_callback_url: receiverUrl })
    const first = await call('POST', `/_sandbox/payments/${payment.id}/notify`, { key: null })
    expect(first.json).toMatchObject({ sent: true, status: 500 })
    await waitFor(() => sandbox.ipnCalls.length === 3)
    expect(sandbox.ipnCalls.map((c) => c.status)).toEqual([500, 503, 200])
    expect(callbacks).toHaveLength(3)
  })

  it('records network errors and gives up after the configured retries', async () => {
    const { json: payment } = await newPayment({ ipn_callback_url: 'http://127.0.0.1:1/unreachable' })
    await sandbox.notify(payment.id)
    await waitFor(() => sandbox.ipnCalls.length === 3)
    await new Promise((r) => setTimeout(r, 100))
    expect(sandbox.ipnCalls).toHaveLength(3)
    expect(sandbox.ipnCalls[0].error).toMatch(/ECONNREFUSED/)
  })
})

describe('the console line of a notification (issue 44)', () => {
  const { withoutToken } = require('../notifications')

  it('leaves the store token out', () => {
    expect(withoutToken('http://127.0.0.1:9000/hooks/bnpl/notification?token=0123abcd&pid=payment_1')).toBe(
      'http://127.0.0.1:9000/hooks/bnpl/notification?token=[redacted]&pid=payment_1'
    )
    expect(withoutToken('http://127.0.0.1:9000/hooks/bnpl/notification?pid=payment_1')).toBe(
      'http://127.0.0.1:9000/hooks/bnpl/notification?pid=payment_1'
    )
  })

  it('is what the sandbox prints when it calls the store', async () => {
    const { createNotifier } = require('../notifications')
    const receiver = http.createServer((_req, res) => res.end())
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const lines = []
    const payment = { ipn_callback_url: `http://127.0.0.1:${receiver.address().port}/hooks/bnpl/notification?token=0123abcd` }
    const state = {
      payments: new Map([['payment_1', payment]]),
      owners: new Map([['payment_1', ACTIVE_KEY]]),
      ipnCalls: [],
      closed: false,
      now: () => new Date(),
      later: () => undefined,
      log: (line) => lines.push(line),
    }
    try {
      const call = await createNotifier({ state, signatureHeader: 'x-signature', ipnRetryDelaysMs: [] })('payment_1')
      expect(call.status).toBe(200)
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
    expect(lines).toEqual([expect.stringContaining('token=[redacted]&pid=payment_1 -> 200')])
  })
})
