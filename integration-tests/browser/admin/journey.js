'use strict'

/**
 * The admin journey's state and checks its steps share (admin.browser.js runs the steps in order
 * on one page): the step being run (steps.js), the axe audit of what the plugin
 * renders, the payments without an order audited, the payment id inside its card at 320 px, and
 * screenshots named and logged.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { createAudit } = require('../a11y')
const { createSteps } = require('../steps')
const { OURS, screenshot } = require('./pages')

/**
 * @typedef {ReturnType<typeof createAdminJourney>} AdminJourney
 * @param {{backendUrl: string, databaseUrl: string, admin: {email: string, password: string}, apiKey: string, sandbox: any, seed: any, screenshotsDir: string, log: (line: string) => void}} ctx
 * @param {import('playwright-core').Page} page
 */
function createAdminJourney(ctx, page) {
  const { backendUrl, screenshotsDir, log } = ctx
  const audit = createAudit({ log })
  const steps = createSteps(log)
  const a = {
    ...ctx,
    page,
    audit,
    /** The step being run (`steps.current`, named in the failure). */
    steps,
    begin: steps.begin,
    /** axe over the page, only what the plugin renders counting. */
    check: (/** @type {string} */ state) => audit.check(page, state, { ours: OURS }),
    /** The payments without an order (Settings), audited. */
    async auditPayments(/** @type {string} */ lang) {
      await page.goto(`${backendUrl}/app/settings/bnpl-payments`)
      await page.getByTestId('bnpl-payments').waitFor({ timeout: 60_000 })
      await a.check(`admin payments without an order (${lang})`)
    },
    /**
     * The reconciliation (Settings): "Check now" run from the page, then every payment compared
     * shown (`?all=true`: rows, amounts, states), audited.
     */
    async auditReconciliation(/** @type {string} */ lang) {
      await page.goto(`${backendUrl}/app/settings/bnpl-reconciliation`)
      await page.getByTestId('bnpl-reconciliation').waitFor({ timeout: 60_000 })
      await page.getByTestId('bnpl-reconciliation-run').click()
      await page.getByTestId('bnpl-reconciliation-summary').waitFor({ timeout: 30_000 })
      await page.goto(`${backendUrl}/app/settings/bnpl-reconciliation?all=true`)
      await page.getByTestId('bnpl-reconciliation').waitFor({ timeout: 60_000 })
      await a.check(`admin reconciliation (${lang})`)
    },
    /** The payment id stays inside its card at 320 px (1.4.10). */
    async assertBadgeFits() {
      await page.setViewportSize({ width: 320, height: 900 })
      try {
        const widget = await page.getByTestId('bnpl-order-widget').boundingBox()
        const badge = await page.getByTestId('bnpl-payment-id').boundingBox()
        assert.ok(widget && badge && badge.x + badge.width <= widget.x + widget.width + 0.5, `the payment id runs out of its card at 320 px: ${JSON.stringify({ widget, badge })}`)
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 })
      }
    },
    /** `screenshot` (pages.js) into the screenshots folder as `name`, logged. */
    async shoot(/** @type {string} */ name, /** @type {import('playwright-core').Locator | undefined} */ focus, options = {}) {
      const file = path.join(screenshotsDir, name)
      await screenshot(page, file, focus, options)
      log(`screenshot ${path.relative(process.cwd(), file)}`)
    },
  }
  return a
}

module.exports = { createAdminJourney }
