'use strict'

/**
 * The hosted payment page (no auth): `GET /pay/:id` shows it, `POST /pay/:id/accept|refuse`
 * answers 302 to the shop with `pid` added, or the page with why not (409).
 */

const { HttpError } = require('../errors')
const { renderPage, pageNotice, escape } = require('../page')

/**
 * @param {{state: ReturnType<typeof import('../state').createState>,
 *   customer: ReturnType<typeof import('../customer').createCustomerActions>}} app
 */
function hostedPageRoute({ state, customer }) {
  /** @param {string} method @param {string} path @returns {{status: number, html: string, headers?: Record<string, string>}} */
  return function hostedPage(method, path) {
    const m = /^\/pay\/([^/]+)(?:\/(accept|refuse))?$/.exec(path)
    const payment = m && state.payments.get(m[1])
    if (!payment) return { status: 404, html: '<!doctype html><p>Payment not found</p>' }
    state.expireIfDue(payment)
    if (!m[2] && method === 'GET') return { status: 200, html: renderPage(payment, pageNotice(payment)) }
    if (!m[2] || method !== 'POST') return { status: 405, html: '<!doctype html><p>Method not allowed</p>' }
    try {
      const { redirect } = m[2] === 'accept' ? customer.accept(m[1]) : customer.refuse(m[1])
      return { status: 302, headers: { location: redirect }, html: `<!doctype html><a href="${escape(redirect)}">Continue</a>` }
    } catch (e) {
      if (!(e instanceof HttpError)) throw e
      return { status: e.status, html: renderPage(payment, e.body.message) }
    }
  }
}

module.exports = { hostedPageRoute }
