'use strict'

/**
 * The admin UI in a real browser (run by scripts/browser-test.js, which boots the store).
 *
 *   - logs in at /app;
 *   - the seeded checkout rules are shown (bounds on 4 instalments, the gift cards' category excluded);
 *   - Settings > Instalment payments: a bad plan gets the backend's 400 message; the sandbox key
 *     is saved and only its mask is shown afterwards (never the key, anywhere in the page);
 *     Verify says it works; the shipping options table lists the store's options;
 *   - the account's own plans (the sandbox's `GET /v1/me/fee-plans`) are listed under Plans: one
 *     row per plan of the account, each with its label, bounds, the customer's and the merchant's
 *     fees, and a switch (on for the store's plans);
 *   - a customer pays an order in 3 instalments through the store API (accepted on the sandbox),
 *     the order is fulfilled, and its page shows the widget: service payment id, state, schedule
 *     and the timeline of what the service was told: the order's attachment failed (503s), its
 *     entry's "Push again" sends it; "Send shipping information" adds a manual entry;
 *   - then in French, chosen with the dashboard's own language picker (Profile → Language): the
 *     settings page (the account's plans included) and the order widget again, every text, date
 *     and amount in French;
 *   - in French too, an order event the retry job gave up on is said on the timeline, and
 *     "Réessayer maintenant" (Try again now), with the keyboard, handles it;
 *   - "Remove key" (confirmed in a dialog, in French) leaves the store without a key.
 *
 *   - accessibility (WCAG 2.2 AA, see a11y.js): axe over the settings page, the payments without
 *     an order and the order widget, in English and French, at 1280 and 320 px; only what the
 *     plugin renders counts (Medusa's admin shell is reported apart); the switches' descriptions,
 *     fields' hints and notes are their controls' descriptions; the payment id fits its card at 320 px.
 *
 *   - then the settings page in German, Spanish, Italian, Dutch and Portuguese (the same picker):
 *     its headings in the language (from its JSON), none of the English ones.
 *
 * Screenshots: <screenshotsDir>/settings.png, settings-plans.png (the Plans card), order.png
 * (English), settings-fr.png, settings-plans-fr.png and order-fr.png (French),
 * settings-{de,es,it,nl,ptPT}.png (the top of the page). Throws on the first failed check.
 *
 * `run` is the list of steps; they live in admin/: journey.js and pages.js (what they share),
 * settings.js, account-plans.js, order.js and languages.js.
 */

const path = require('node:path')
const assert = require('node:assert/strict')
const { createAdminJourney } = require('./admin/journey')
const settings = require('./admin/settings')
const { customerPays, fulfilIt, orderWidget, eventWaiting, paymentLinkCard } = require('./admin/order')
const { settingsInFrench, orderWidgetInFrench, settingsInOtherLanguages, removeKeyInFrench } = require('./admin/languages')

const STEP_TIMEOUT_MS = 30_000

/** The journey's steps in order, on one page (`a`: admin/journey.js). */
async function steps(/** @type {import('./admin/journey').AdminJourney} */ a) {
  await settings.logIn(a)
  await settings.settingsPage(a)
  await settings.refusedPlan(a)
  await settings.saveKeyAndVerify(a)
  await settings.shippingOverride(a)
  await settings.keyStaysAfterReload(a)
  await settings.settingsAccessible(a)
  await settings.legalTexts(a)
  const paid = await customerPays(a)
  await fulfilIt(a, paid.order.id)
  await orderWidget(a, paid)
  await paymentLinkCard(a, paid)
  await settingsInFrench(a)
  await orderWidgetInFrench(a, paid.order.id)
  await eventWaiting(a, paid)
  await settingsInOtherLanguages(a)
  await removeKeyInFrench(a)
}

/**
 * @param {{
 *   context: import('playwright-core').BrowserContext,
 *   backendUrl: string,
 *   databaseUrl: string,
 *   admin: {email: string, password: string},
 *   apiKey: string,
 *   sandbox: any,
 *   seed: any,
 *   screenshotsDir: string,
 *   failureDir: string,
 *   log: (line: string) => void,
 * }} ctx
 */
async function run(ctx) {
  const { context, log } = ctx
  const page = context.pages()[0] ?? (await context.newPage())
  page.setDefaultTimeout(STEP_TIMEOUT_MS)

  const problems = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  const a = createAdminJourney(ctx, page)

  try {
    await steps(a)
    a.audit.assertClean()
    const ours = problems.filter((p) => /bnpl/i.test(p))
    assert.deepEqual(ours, [], 'no page or console error from the plugin')
    for (const problem of problems) log(`(browser console, not from the plugin) ${problem.split('\n')[0].slice(0, 200)}`)
  } catch (error) {
    const file = path.join(ctx.failureDir, 'failure.png')
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
    const detail = problems.length ? `\nbrowser errors:\n  ${problems.slice(-10).join('\n  ')}` : ''
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`step "${a.steps.current}" failed at ${page.url()}: ${message}\nscreenshot: ${file}${detail}`)
  }
}

module.exports = { run }
