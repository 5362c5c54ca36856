'use strict'

/**
 * What the admin journey's steps share (admin.browser.js): the save bar's buttons pressed by
 * keyboard, the settings page opened from the menu, an order's widget, the dashboard's own
 * language picker, "no English left", screenshots of a page that scrolls in its own container,
 * and the admin session's API calls.
 */

const fs = require('node:fs')
const path = require('node:path')
const assert = require('node:assert/strict')

/** What the plugin renders in the admin: only violations inside these count. */
const OURS = ['[data-testid="bnpl-settings"]', '[data-testid="bnpl-payments"]', '[data-testid="bnpl-reconciliation"]', '[data-testid="bnpl-order-widget"]']

/**
 * The save bar's buttons (bottom right of the page) by keyboard, as a keyboard user presses them:
 * Medusa's toasts appear in that corner, and a click there can land on one (a run lost a Discard so).
 */
async function pressButton(/** @type {import('playwright-core').Locator} */ button) {
  await button.and(button.page().locator(':enabled')).waitFor()
  await button.press('Enter')
}

/** The settings form saved with its Save button; resolves the POST's answer, once it says 200. @param {import('playwright-core').Page} page */
async function saveSettings(page) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/admin/bnpl/settings') && r.request().method() === 'POST'
  )
  await pressButton(page.getByTestId('bnpl-save'))
  const response = await saved
  assert.equal(response.status(), 200, `POST /admin/bnpl/settings answered ${response.status()}`)
  return response
}

/**
 * Settings, then the plugin's entry of its menu (`linkName`, in the dashboard's language): the
 * settings page, once its URL is there.
 * @param {import('playwright-core').Page} page @param {string} backendUrl @param {string} linkName
 */
async function openSettingsFromMenu(page, backendUrl, linkName) {
  await page.goto(`${backendUrl}/app/settings`)
  const menuLink = page.getByRole('link', { name: linkName, exact: true })
  await menuLink.waitFor({ timeout: 60_000 })
  await menuLink.click()
  await page.waitForURL('**/app/settings/bnpl')
  return page.getByTestId('bnpl-settings')
}

/** An order's page, once the plugin's widget is there. @param {import('playwright-core').Page} page @param {string} backendUrl @param {string} orderId */
async function openOrderWidget(page, backendUrl, orderId) {
  await page.goto(`${backendUrl}/app/orders/${orderId}`)
  const widget = page.getByTestId('bnpl-order-widget')
  await widget.waitFor({ timeout: 60_000 })
  return widget
}

/** The shipping options table's row of Express 24h. @param {import('playwright-core').Page} page */
const expressRowOf = (page) => page.locator('tr', { has: page.getByText('Express 24h', { exact: true }) })

/**
 * The admin user's language chosen in the dashboard's own picker (Profile → Edit → Language);
 * the drawer's submit button, whatever language it is labelled in (or the one named `saveLabel`).
 * @param {import('playwright-core').Page} page @param {string} backendUrl @param {string} name @param {string} code
 * @param {{saveLabel?: string}} [options]
 */
async function chooseLanguage(page, backendUrl, name, code, { saveLabel } = {}) {
  await page.goto(`${backendUrl}/app/settings/profile/edit`)
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('combobox').click()
  await page.getByRole('option', { name, exact: true }).click()
  await (saveLabel ? drawer.getByRole('button', { name: saveLabel }) : drawer.locator('button[type="submit"]')).click()
  await drawer.waitFor({ state: 'detached' })
  assert.equal(await page.evaluate(() => localStorage.getItem('lng')), code, `the dashboard keeps ${name}`)
}

/**
 * None of these English texts is shown as a whole text in `scope` (the French page is complete).
 * @param {import('playwright-core').Locator} scope @param {string[]} texts
 */
async function assertNoEnglish(scope, texts) {
  for (const text of texts) {
    assert.equal(await scope.getByText(text, { exact: true }).count(), 0, `"${text}" is still in English`)
  }
}

/**
 * The admin scrolls inside its own container, so a "full page" screenshot would stop at the
 * window: grow the window to the content first. With `focus`, scroll it into view (`only`: shoot it alone).
 * @param {import('playwright-core').Page} page @param {string} file
 * @param {import('playwright-core').Locator} [focus]
 */
async function screenshot(page, file, focus, { only = false } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const height = await page.evaluate(() => {
    let tallest = document.documentElement.scrollHeight
    for (const el of Array.from(document.querySelectorAll('*'))) {
      const style = getComputedStyle(el)
      if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight) {
        tallest = Math.max(tallest, el.scrollHeight + el.getBoundingClientRect().top)
      }
    }
    return Math.ceil(tallest)
  })
  const size = page.viewportSize() ?? { width: 1440, height: 900 }
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height + 16, 900), 4000) })
  await page.waitForTimeout(300) // let the layout settle after the resize
  if (focus) await focus.scrollIntoViewIfNeeded()
  // `only`: the focused element alone (a README picture of one card).
  if (focus && only) await focus.screenshot({ path: file })
  else await page.screenshot({ path: file, fullPage: true })
  await page.setViewportSize(size)
}

// ------------------------------------------------------------------ the admin session's API calls

/** @param {import('playwright-core').Page} page @param {string} backendUrl @param {string} orderId */
async function orderItems(page, backendUrl, orderId) {
  const response = await page.request.get(`${backendUrl}/admin/orders/${orderId}?fields=id,*items`)
  const { order } = await response.json()
  return order.items.map((/** @type {any} */ i) => ({ id: i.id, quantity: i.quantity }))
}

/** The seeded store's stock location (where the order ships from). */
async function stockLocationId(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ backendUrl) {
  const response = await page.request.get(`${backendUrl}/admin/stock-locations?fields=id,name&limit=1`)
  const { stock_locations } = await response.json()
  if (!stock_locations?.length) throw new Error('the seeded store has no stock location')
  return stock_locations[0].id
}

module.exports = { OURS, pressButton, saveSettings, openSettingsFromMenu, openOrderWidget, expressRowOf, chooseLanguage, assertNoEnglish, screenshot, orderItems, stockLocationId }
