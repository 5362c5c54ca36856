'use strict'

/**
 * What the customer answers on the hosted page: accept or refuse. Also reachable from the control
 * API and the object startSandbox() returns, so that tests can pay without a browser.
 */

const { HttpError } = require('./errors')
const { withPid } = require('./values')
const { isAccepted } = require('./payment-rules')

/**
 * @param {{state: ReturnType<typeof import('./state').createState>, notify: (id: string) => Promise<any>,
 *   autoNotify: boolean, ipnDelayMs: number}} app
 */
function createCustomerActions({ state, notify, autoNotify, ipnDelayMs }) {
  /** Accepts (idempotent); the IPN follows after `ipnDelayMs` when `notify`. Answers `{redirect, payment}`. */
  function accept(id, { notify: sendNotification = autoNotify } = {}) {
    const payment = state.findPayment(id)
    const redirect = withPid(payment.return_url, id)
    if (isAccepted(payment)) return { redirect, payment }
    if (payment.expired_at != null) throw new HttpError(409, { error_code: 'payment_expired', message: 'This payment was cancelled or has expired and can no longer be accepted' })
    if (payment.state === 'scored_no') throw new HttpError(409, { error_code: 'payment_refused', message: 'This payment was refused and can no longer be accepted' })
    payment.state = 'in_progress'
    // Non-deferred plans charge the first instalment at acceptance; deferred plans (and pay upon
    // trigger, until the shop triggers it) charge nothing yet.
    if (!payment.deferred_days && !payment.deferred_months && !payment.deferred_trigger) payment.payment_plan[0].state = 'paid'
    if (payment.payment_plan.every((i) => i.state === 'paid')) payment.state = 'paid'
    if (sendNotification) state.later(() => notify(id).catch(() => {}), ipnDelayMs)
    return { redirect, payment }
  }

  /** Refuses (state `scored_no`); back to customer_cancel_url, else return_url. Answers `{redirect, payment}`. */
  function refuse(id) {
    const payment = state.findPayment(id)
    if (isAccepted(payment)) throw new HttpError(409, { error_code: 'payment_accepted', message: 'This payment was already accepted' })
    payment.state = 'scored_no'
    return { redirect: withPid(payment.customer_cancel_url || payment.return_url, id), payment }
  }

  return { accept, refuse }
}

module.exports = { createCustomerActions }
