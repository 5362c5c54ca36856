'use strict'

/** The hosted payment page (`/pay/:id`) over HTTP: the schedule, accept and refuse. */

const { ACTIVE_KEY } = require('../merchants')
const { bootSandbox } = require('./harness')

const { sandbox, call, newPayment } = bootSandbox()

describe('hosted payment page', () => {
  it('shows the schedule and redirects to return_url with pid on acceptance, idempotently', async () => {
    const { json: payment } = await newPayment()
    const page = await call('GET', `/pay/${payment.id}`, { key: null })
    expect(page.status).toBe(200)
    expect(page.text).toContain('1000.00 €')
    expect(page.text).toContain('347.84 €')
    expect(page.text).toContain(`action="/pay/${payment.id}/accept"`)
    expect(page.text).toContain(`action="/pay/${payment.id}/refuse"`)
    // WCAG 2.2 AA: the page's language, a viewport for 320 px, buttons of 24 px or more (2.5.8).
    expect(page.text).toContain('<html lang="en">')
    expect(page.text).toContain('name="viewport"')
    expect(page.text).toMatch(/button\{[^}]*min-height:44px/)
    const accepted = await call('POST', `/pay/${payment.id}/accept`, { key: null })
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('location')).toBe(`https://shop.test/return?cart=c1&pid=${payment.id}`)
    const stored = sandbox.payments.get(payment.id)
    expect(stored.state).toBe('in_progress')
    expect(stored.payment_plan.map((i) => i.state)).toEqual(['paid', 'pending', 'pending'])
    const again = await call('POST', `/pay/${payment.id}/accept`, { key: null })
    expect(again.status).toBe(302)
    expect(sandbox.payments.get(payment.id).payment_plan[1].state).toBe('pending')
  })

  it('charges nothing at acceptance of a deferred plan', async () => {
    const { json: payment } = await newPayment({ purchase_amount: 20000, installments_count: 1, deferred_months: 1 })
    expect(payment.payment_plan[0].due_date).toBe(Date.parse('2025-04-10T12:00:00Z') / 1000)
    sandbox.accept(payment.id, { notify: false })
    expect(sandbox.payments.get(payment.id).state).toBe('in_progress')
    expect(sandbox.payments.get(payment.id).payment_plan[0].state).toBe('pending')
  })

  it('refuses to customer_cancel_url with pid', async () => {
    const { json: payment } = await newPayment({ customer_cancel_url: 'https://shop.test/cancel' })
    const refused = await call('POST', `/pay/${payment.id}/refuse`, { key: null })
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe(`https://shop.test/cancel?pid=${payment.id}`)
    expect(sandbox.payments.get(payment.id).state).toBe('scored_no')
  })

  it('does not accept a cancelled payment', async () => {
    const { json: payment } = await newPayment()
    await call('PUT', `/v1/payments/${payment.id}/cancel`)
    const page = await call('GET', `/pay/${payment.id}`, { key: null })
    expect(page.text).toMatch(/cancelled or has expired/)
    expect(page.text).not.toContain('/accept"')
    expect((await call('POST', `/pay/${payment.id}/accept`, { key: null })).status).toBe(409)
    expect(sandbox.payments.get(payment.id).state).toBe('not_started')
  })

  it('control API accepts like the page and shows the stored payment', async () => {
    const { json: payment } = await newPayment()
    const res = await call('POST', `/_sandbox/payments/${payment.id}/accept`, { key: null, body: { notify: false } })
    expect(res.json).toEqual({ redirect: `https://shop.test/return?cart=c1&pid=${payment.id}` })
    const stored = await call('GET', `/_sandbox/payments/${payment.id}`, { key: null })
    expect(stored.json).toMatchObject({ merchant: ACTIVE_KEY, payment: { id: payment.id, state: 'in_progress' } })
  })
})
