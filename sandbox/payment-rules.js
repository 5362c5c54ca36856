'use strict'

/** Rules on a stored payment shared by the routes, the hosted page and the customer's actions. */

const { ACCEPTED_STATES } = require('./vocabulary')

/** @param {{state: string}} payment */
const isAccepted = (payment) => ACCEPTED_STATES.includes(payment.state)

/** Pay upon trigger, accepted, not triggered yet: nothing was taken from the customer. */
const awaitsTrigger = (payment) => payment.deferred_trigger && !payment.deferred_trigger_applied

/** The plan in words, for the hosted page and error messages. */
const describePlan = (p) =>
  p.deferred_trigger
    ? `${p.installments_count} instalment(s), pay at shipment${p.deferred_trigger_applied ? ' (started)' : ''}`
    : p.deferred_days ? `1 payment in ${p.deferred_days} days` : p.deferred_months ? `1 payment in ${p.deferred_months} month(s)` : `${p.installments_count} instalments`

/**
 * A stored payment as the service API answers it: `deferred_trigger_applied` (kept a boolean
 * in `sandbox.payments`, with the moment in `triggered_at`) in the `triggerAppliedAs` form.
 * @param {any} payment @param {string} form one of TRIGGER_APPLIED_FORMS
 */
function answerPayment(payment, form) {
  if (form === 'boolean') return payment
  const at = payment.deferred_trigger_applied ? payment.triggered_at : null
  const applied = at == null ? null : form === 'timestamp' ? at : form === 'string' ? String(at) : new Date(at * 1000).toISOString()
  return { ...payment, deferred_trigger_applied: applied }
}

module.exports = { isAccepted, awaitsTrigger, describePlan, answerPayment }
