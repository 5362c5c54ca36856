'use strict'

/** The hosted payment page's HTML: amount, plan, schedule, the credit warning and the Accept / Refuse forms. */

const { withPid } = require('./values')
const { languageOf, creditWarningOf } = require('./market')
const { awaitsTrigger, describePlan, isAccepted } = require('./payment-rules')

const escape = (/** @type {any} */ s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const money = (/** @type {number} */ cents) => `${(cents / 100).toFixed(2)} €`
const day = (/** @type {number} */ seconds) => new Date(seconds * 1000).toISOString().slice(0, 10)

// WCAG 2.2 AA: `lang` on the page and on each part in another language (3.1.1, 3.1.2), reflow at
// 320 px, buttons and links of 24 px or more (2.5.8), a visible focus.
const STYLE = `<style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:16px;max-width:640px;color:#1f2328;line-height:1.4}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #d0cdc6;overflow-wrap:anywhere}
form{display:inline-block;margin:16px 12px 0 0}button{font:inherit;min-height:44px;min-width:44px;padding:8px 18px;border-radius:8px;border:1px solid #1f2328;background:#fff;color:#1f2328;cursor:pointer}
form:first-of-type button{background:#1f2328;color:#fff}a.cancel{display:inline-block;padding:12px 0}
.credit-warning{margin:16px 0 0;padding:10px 12px;border:2px solid #1f2328;border-radius:8px;font-size:1.125em;font-weight:700}
:focus-visible{outline:2px solid #5b3cc4;outline-offset:2px}</style>`

/** One row per instalment: due date (or when, relative to shipment), amount, fees, state. */
function scheduleRows(payment) {
  return payment.payment_plan
    .map((i, index) => {
      const extra = i.customer_fee + i.customer_interest
      const due = awaitsTrigger(payment) ? (index === 0 ? 'At shipment' : `${index} month(s) after shipment`) : day(i.due_date)
      return `<tr><td>${escape(due)}</td><td>${money(i.total_amount)}</td><td>${extra ? `incl. ${money(extra)} fees/interest` : ''}</td><td>${escape(i.state)}</td></tr>`
    })
    .join('')
}

/**
 * The credit warning of the customer's market (Directive (EU) 2023/2225 art. 8(1)): every offer of
 * credit carries it, fee-free or not, so the page always shows it, plain and prominent, between
 * the schedule and the buttons. Its own `lang`: the rest of the page is in English.
 */
function creditWarning(payment) {
  const { lang, text } = creditWarningOf(payment)
  return `<p class="credit-warning" data-testid="credit-warning" lang="${lang}">${escape(text)}</p>`
}

/** Accept / Refuse (and the way back to the shop) while the customer can still answer. */
function actions(payment) {
  const id = escape(payment.id)
  return `<form method="post" action="/pay/${id}/accept"><button type="submit">Accept and pay</button></form>
<form method="post" action="/pay/${id}/refuse"><button type="submit">Refuse</button></form>
${payment.customer_cancel_url ? `<p><a class="cancel" href="${escape(withPid(payment.customer_cancel_url, payment.id))}">Cancel and return to the shop</a></p>` : ''}`
}

/** The page; `notice` (accepted, expired, refused, or why an action failed) replaces the forms. */
function renderPage(payment, notice) {
  const forms = !notice && payment.state === 'not_started' ? actions(payment) : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>BNPL sandbox payment</title>
${STYLE}</head><body><main>
<h1>BNPL sandbox: ${money(payment.purchase_amount)}</h1>
<p>Plan: ${escape(describePlan(payment))}. State: ${escape(payment.state)}.</p>
<p data-testid="customer-language">Customer's language: ${payment.locale ? escape(payment.locale) : 'not given (the service\'s default)'}. The service's own page and e-mails speak it; this sandbox page stays in English, but for the credit warning of the customer's market.</p>
${payment.deferred_trigger && payment.deferred_description ? `<p class="deferred" lang="${languageOf(payment.locale) ?? 'en'}">${escape(payment.deferred_description)}</p>` : ''}
${notice ? `<p class="notice">${escape(notice)}</p>` : ''}
<table><thead><tr><th>Due</th><th>Amount</th><th>Fees</th><th>State</th></tr></thead><tbody>${scheduleRows(payment)}</tbody></table>
${creditWarning(payment)}
${forms}
</main></body></html>`
}

/** Why the customer can no longer answer, or '' while it can. */
function pageNotice(payment) {
  if (isAccepted(payment)) return 'This payment has been accepted.'
  if (payment.expired_at != null) return 'This payment was cancelled or has expired: it can no longer be accepted.'
  if (payment.state === 'scored_no') return 'This payment was refused.'
  return ''
}

module.exports = { renderPage, pageNotice, escape }
