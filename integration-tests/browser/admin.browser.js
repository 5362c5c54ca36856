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
 */

const fs = require('node:fs')
const path = require('node:path')
const assert = require('node:assert/strict')
const { medusaClient, paidOrder, eventually } = require('../../scripts/lib/store-api')
const { createAudit, accessibleText } = require('./a11y')

/** What the plugin renders in the admin: only violations inside these count. */
const OURS = ['[data-testid="bnpl-settings"]', '[data-testid="bnpl-payments"]', '[data-testid="bnpl-order-widget"]']

const STEP_TIMEOUT_MS = 30_000
/** The dev server compiles the dashboard on the first visit. */
const FIRST_LOAD_TIMEOUT_MS = 180_000

/**
 * @param {{
 *   context: import('playwright-core').BrowserContext,
 *   backendUrl: string,
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
  const { context, backendUrl, admin, apiKey, sandbox, seed, screenshotsDir, log } = ctx
  const page = context.pages()[0] ?? (await context.newPage())
  page.setDefaultTimeout(STEP_TIMEOUT_MS)

  const problems = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })

  const audit = createAudit({ log })
  /** The payments without an order (Settings), audited. */
  const auditPayments = async (/** @type {string} */ lang) => {
    await page.goto(`${backendUrl}/app/settings/bnpl-payments`)
    await page.getByTestId('bnpl-payments').waitFor({ timeout: 60_000 })
    await audit.check(page, `admin payments without an order (${lang})`, { ours: OURS })
  }
  /** The payment id stays inside its card at 320 px (1.4.10). */
  const assertBadgeFits = async () => {
    await page.setViewportSize({ width: 320, height: 900 })
    try {
      const widget = await page.getByTestId('bnpl-order-widget').boundingBox()
      const badge = await page.getByTestId('bnpl-payment-id').boundingBox()
      assert.ok(widget && badge && badge.x + badge.width <= widget.x + widget.width + 0.5, `the payment id runs out of its card at 320 px: ${JSON.stringify({ widget, badge })}`)
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  }

  let step = 'start'
  const t0 = Date.now()
  const begin = (/** @type {string} */ name) => {
    step = name
    log(`${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  }

  try {
    // ---------------------------------------------------------------- login
    begin('opening the admin login (first load compiles the dashboard)')
    await page.goto(`${backendUrl}/app/login`, { timeout: FIRST_LOAD_TIMEOUT_MS })
    await page.locator('input[name="email"]').waitFor({ timeout: FIRST_LOAD_TIMEOUT_MS })
    begin(`logging in as ${admin.email}`)
    await page.locator('input[name="email"]').fill(admin.email)
    await page.locator('input[name="password"]').fill(admin.password)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 60_000 })

    // ---------------------------------------------------------------- settings
    begin('Settings > Instalment payments')
    await page.goto(`${backendUrl}/app/settings`)
    const menuLink = page.getByRole('link', { name: 'Instalment payments', exact: true })
    await menuLink.waitFor({ timeout: 60_000 })
    await menuLink.click()
    await page.waitForURL('**/app/settings/bnpl')
    const settingsPage = page.getByTestId('bnpl-settings')
    await settingsPage.waitFor()
    await settingsPage.getByText('No API key', { exact: true }).waitFor()

    // The store's four shipping options are listed (with or without the explained mapping).
    for (const option of seed.shipping_options) {
      await page.getByTestId('bnpl-shipping-options').getByText(option.name, { exact: true }).waitFor()
    }

    begin("the demo's checkout rules are shown: bounds on 4 instalments, gift cards excluded")
    assert.equal(await page.getByLabel('Plan 2: minimum amount').inputValue(), '150')
    assert.equal(await page.getByLabel('Plan 2: maximum amount').inputValue(), '2000')
    await page.getByTestId('bnpl-exclusions').getByText('Gift cards', { exact: true }).waitFor()

    begin('a plan the backend refuses gets its 400 message')
    await page.getByTestId('bnpl-add-plan').click()
    const newPlan = page.getByLabel(/Plan \d+: number of instalments/).last()
    await newPlan.fill('99')
    await pressButton(page.getByTestId('bnpl-save'))
    const saveError = page.getByTestId('bnpl-save-error')
    await saveError.waitFor()
    const errorText = await saveError.innerText()
    assert.match(errorText, /installments_count|plans/, `the 400 message names the field: ${errorText}`)
    await pressButton(page.getByRole('button', { name: 'Discard' }))
    // Discarded: the form is back to what is saved (nothing left to send with the key below).
    await page.getByText(/^Unsaved changes/).waitFor({ state: 'detached' })

    begin('saving the API key')
    await page.locator('#bnpl-api-key-test').fill(apiKey)
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/admin/bnpl/settings') && r.request().method() === 'POST'
    )
    await pressButton(page.getByTestId('bnpl-save'))
    const saveResponse = await saved
    assert.equal(saveResponse.status(), 200, `POST /admin/bnpl/settings answered ${saveResponse.status()}`)
    assert.deepEqual(Object.keys(saveResponse.request().postDataJSON()), ['test_api_key'], 'only the changed field is sent')
    const mask = `${apiKey.slice(0, apiKey.indexOf('_', 3) + 1)}...${apiKey.slice(-4)}`
    await page.getByTestId('bnpl-key-hint-test').getByText(mask, { exact: true }).waitFor()
    await settingsPage.getByText('Key set', { exact: true }).waitFor()
    assert.equal(await page.locator('#bnpl-api-key-test').inputValue(), '', 'the key input is emptied after saving')

    begin('Verify')
    await page.getByTestId('bnpl-verify-test').click()
    const verdict = page.getByTestId('bnpl-verify-result')
    await verdict.waitFor()
    assert.equal(await verdict.getAttribute('data-result'), 'works', `verify says: ${await verdict.innerText()}`)
    await verdict.getByText('Works', { exact: true }).waitFor()
    await verdict.getByTestId('bnpl-notification-url').getByText(`${backendUrl}/hooks/bnpl/notification`, { exact: false }).waitFor()

    begin('overriding how a shipping option is sent')
    const expressRow = page.locator('tr', { has: page.getByText('Express 24h', { exact: true }) })
    await expressRow.getByText('Express', { exact: true }).waitFor() // detected from its name
    await page.getByRole('combobox', { name: 'Delivery method for Express 24h' }).click()
    await page.getByRole('option', { name: 'Pickup point' }).click()
    await page.getByRole('combobox', { name: 'Express for Express 24h' }).click()
    await page.getByRole('option', { name: 'No', exact: true }).click()
    const savedOverride = page.waitForResponse(
      (r) => r.url().endsWith('/admin/bnpl/settings') && r.request().method() === 'POST'
    )
    await pressButton(page.getByTestId('bnpl-save'))
    const overrideResponse = await savedOverride
    assert.equal(overrideResponse.status(), 200, `POST /admin/bnpl/settings answered ${overrideResponse.status()}`)
    const overrideBody = overrideResponse.request().postDataJSON()
    const expressId = seed.shipping_options.find((/** @type {any} */ o) => o.name === 'Express 24h').id
    assert.deepEqual(overrideBody, {
      shipping_method_overrides: { [expressId]: { shipping_method: 'pickup_point', express_delivery: false } },
    })
    await expressRow.getByText('set in the plugin settings; express set in the plugin settings').waitFor()
    await expressRow.getByText('Pickup point', { exact: true }).first().waitFor()
    assert.equal(await expressRow.getByText('Express', { exact: true }).count(), 0, 'no longer sent as express')

    begin('reloading: the key stays set, and is never in the page')
    await page.reload()
    await page.getByTestId('bnpl-key-hint-test').getByText(mask, { exact: true }).waitFor()
    await page.getByTestId('bnpl-verify-test').click()
    await page.locator('[data-testid="bnpl-verify-result"][data-result="works"]').waitFor()
    assert.ok(!(await page.content()).includes(apiKey), 'the API key appears in the page')
    await screenshot(page, path.join(screenshotsDir, 'settings.png'))
    log(`screenshot ${path.relative(process.cwd(), path.join(screenshotsDir, 'settings.png'))}`)

    begin("the account's own plans: labels, bounds, fees and switches")
    await assertServicePlans(page, backendUrl, ACCOUNT_PLANS_EN)
    await screenshot(page, path.join(screenshotsDir, 'settings-plans.png'), plansCard(page), { only: true })
    log(`screenshot ${path.relative(process.cwd(), path.join(screenshotsDir, 'settings-plans.png'))}`)

    begin('accessibility: settings, payments without an order (English)')
    // Hints and descriptions are read with their controls (aria-describedby).
    const capture = await accessibleText(page, '#bnpl-auto-capture')
    assert.match(capture.description, /\S/, 'the auto-capture switch has its description')
    assert.match((await accessibleText(page, '#bnpl-api-url-test')).description, /Current value/, 'the URL field has its hint')
    assert.match((await accessibleText(page, '#bnpl-mode')).description, /\S/, 'the mode select has its note')
    await audit.check(page, 'admin settings (en)', { ours: OURS })
    await auditPayments('en')

    begin('Legal texts: the Netherlands opened by keyboard, its fields labelled, axe')
    await page.goto(`${backendUrl}/app/settings/bnpl`)
    const legal = page.getByTestId('bnpl-legal')
    await legal.getByTestId('bnpl-legal-responsibility').waitFor()
    const nl = page.getByTestId('bnpl-legal-NL')
    await nl.locator('summary').focus()
    await page.keyboard.press('Enter')
    await nl.locator('#bnpl-legal-NL-artwork').waitFor()
    assert.match((await accessibleText(page, '#bnpl-legal-NL-artwork')).name, /\S/, 'the AFM artwork URL field has its label')
    await audit.check(page, 'admin settings, legal texts (en)', { ours: OURS })
    await screenshot(page, path.join(screenshotsDir, 'settings-legal.png'), nl, { only: true })

    // ---------------------------------------------------------------- an order paid in instalments
    begin('a customer pays in 3 instalments (store API, accepted on the sandbox)')
    const customer = medusaClient(backendUrl, { publishableKey: seed.publishable_key })
    // The order's attachment fails (the call and its retries): its timeline entry offers "Push again".
    sandbox.setFault({ match: { method: 'POST', path: '/v1/payments/payment_' }, status: 503, count: 3 })
    const { order, pid } = await paidOrder(customer, seed, { sandbox, price: 129.9 })
    const orderId = order.id
    log(`order ${orderId}, service payment ${pid}`)

    begin('fulfilling the order (sends the shipping information)')
    const fulfilled = await page.request.post(`${backendUrl}/admin/orders/${orderId}/fulfillments`, {
      data: { items: await orderItems(page, backendUrl, orderId), location_id: await stockLocationId(page, backendUrl) },
    })
    assert.equal(fulfilled.status(), 200, `fulfillment: ${fulfilled.status()} ${await fulfilled.text()}`)
    await eventually('the shipping sync is recorded as sent', async () => {
      const r = await page.request.get(`${backendUrl}/admin/bnpl/orders/${orderId}`)
      const body = await r.json()
      return body.bnpl_order?.shipping_syncs?.some((/** @type {any} */ s) => s.status === 'synced')
    })

    begin("the order's page shows the widget")
    await page.goto(`${backendUrl}/app/orders/${orderId}`)
    const widget = page.getByTestId('bnpl-order-widget')
    await widget.waitFor({ timeout: 60_000 })
    await widget.getByTestId('bnpl-payment-id').getByText(pid, { exact: true }).waitFor()
    await widget.getByTestId('bnpl-payment-state').getByText('Accepted, instalments running').waitFor()
    await widget.getByText('3 instalments', { exact: true }).waitFor()
    // Paid with the test account (the only one configured: the store is in test mode).
    await widget.locator('[data-testid="bnpl-payment-mode"][data-mode="test"]').waitFor()
    const scheduleRows = widget.getByTestId('bnpl-schedule').locator('tbody tr')
    assert.equal(await scheduleRows.count(), 3, 'the schedule has 3 instalments')
    const timeline = widget.getByTestId('bnpl-timeline')
    await timeline.locator('[data-kind="shipping_info"][data-status="accepted"]').getByText('Sent', { exact: true }).waitFor()
    const attached = timeline.locator('[data-kind="order"]')
    await attached.getByText('Will retry', { exact: true }).waitFor()
    await attached.getByText(`Order ${order.display_id} attached to the payment`).waitFor()
    await audit.check(page, 'admin order timeline with a failed message (en)', { ours: OURS })

    begin('Push again on the failed entry (the service answers now)')
    await page.waitForTimeout(5500) // "Push again" waits 5 s after a message's last attempt
    const pushOne = attached.getByRole('button', { name: /^Push again: Order attached/ })
    await pushOne.click()
    await widget.locator('[data-kind="order"][data-status="accepted"]').getByText('Sent', { exact: true }).waitFor()
    assert.equal(await widget.locator('[data-kind="order"]').getByTestId('bnpl-timeline-push').count(), 0, 'no Push again once accepted')

    begin('Send shipping information again')
    await widget.getByTestId('bnpl-push-again').click()
    await timeline.getByText('Pushed from the admin').waitFor()
    await timeline.getByText('Already up to date').waitFor()
    await screenshot(page, path.join(screenshotsDir, 'order.png'), widget)
    log(`screenshot ${path.relative(process.cwd(), path.join(screenshotsDir, 'order.png'))}`)
    await audit.check(page, 'admin order widget (en)', { ours: OURS })
    await assertBadgeFits()

    // ---------------------------------------------------------------- the same pages in French
    begin("choosing French in the dashboard's language picker (Profile → Language)")
    await page.goto(`${backendUrl}/app/settings/profile/edit`)
    const drawer = page.getByRole('dialog')
    await drawer.getByRole('combobox').click()
    await page.getByRole('option', { name: 'Français' }).click()
    await drawer.getByRole('button', { name: 'Save' }).click()
    await drawer.waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => localStorage.getItem('lng')), 'fr', 'the dashboard keeps the language')

    begin('Settings > Paiement en plusieurs fois (French)')
    await page.goto(`${backendUrl}/app/settings`)
    const menuLinkFr = page.getByRole('link', { name: 'Paiement en plusieurs fois', exact: true })
    await menuLinkFr.waitFor({ timeout: 60_000 })
    await menuLinkFr.click()
    await page.waitForURL('**/app/settings/bnpl')
    const settingsFr = page.getByTestId('bnpl-settings')
    await settingsFr.getByRole('heading', { name: 'Paiement en plusieurs fois' }).waitFor()
    await settingsFr.getByText('Clé enregistrée', { exact: true }).waitFor()
    for (const text of ['Mode des nouveaux paiements', 'Compte de test', 'Compte de production', 'Formules', 'Paiements et notifications', 'Expédition', 'Capturer automatiquement']) {
      await settingsFr.getByText(text, { exact: true }).first().waitFor()
    }
    await settingsFr.getByText('3 fois', { exact: true }).first().waitFor() // the plan's label
    await settingsFr.getByText('Produits exclus', { exact: true }).waitFor()
    await settingsFr.getByText('Catégories (avec leurs sous-catégories)', { exact: true }).waitFor()
    await expressRow.getByText('choisi dans les réglages du plugin; express choisi dans les réglages du plugin').waitFor()
    await expressRow.getByText('Point relais', { exact: true }).first().waitFor()
    await page.getByTestId('bnpl-verify-test').getByText('Vérifier', { exact: true }).click()
    await page.getByTestId('bnpl-verify-result').getByText('Fonctionne', { exact: true }).waitFor()
    await assertNoEnglish(settingsFr, ['Instalment payments', 'Test account', 'Live account', 'Plans', 'Shipping option', 'Key set', 'Save'])
    await screenshot(page, path.join(screenshotsDir, 'settings-fr.png'))
    log(`screenshot ${path.relative(process.cwd(), path.join(screenshotsDir, 'settings-fr.png'))}`)
    begin("the account's own plans in French")
    await assertServicePlans(page, backendUrl, ACCOUNT_PLANS_FR)
    await assertNoEnglish(page.getByTestId('bnpl-service-plans'), ['3 instalments', 'Pay in 30 days', '10 instalments'])
    await screenshot(page, path.join(screenshotsDir, 'settings-plans-fr.png'), plansCard(page), { only: true })
    log(`screenshot ${path.relative(process.cwd(), path.join(screenshotsDir, 'settings-plans-fr.png'))}`)
    await audit.check(page, 'admin settings (fr)', { ours: OURS })
    await auditPayments('fr')

    begin("the order's widget in French (dates and amounts in French)")
    await page.goto(`${backendUrl}/app/orders/${orderId}`)
    const widgetFr = page.getByTestId('bnpl-order-widget')
    await widgetFr.waitFor({ timeout: 60_000 })
    await widgetFr.getByRole('heading', { name: 'Paiement en plusieurs fois' }).waitFor()
    await widgetFr.getByTestId('bnpl-payment-state').getByText('Accepté, échéances en cours').waitFor()
    await widgetFr.getByText('3 fois', { exact: true }).waitFor()
    const amountFr = (await widgetFr.getByTestId('bnpl-amount').innerText()).replace(/\s/g, ' ')
    assert.match(amountFr, /^\d+,\d{2} € \+ \d+,\d{2} € de frais/, `the amount in French: ${amountFr}`)
    const firstRow = (await widgetFr.getByTestId('bnpl-schedule').locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')
    const frenchMonth = /\d{1,2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.) \d{4}/
    assert.match(firstRow, frenchMonth, `the due date in French: ${firstRow}`)
    assert.match(firstRow, /\d+,\d{2} €/, `the instalment in French: ${firstRow}`)
    await widgetFr.getByTestId('bnpl-timeline').getByText('Renvoyé depuis l\'admin').waitFor()
    await widgetFr.getByTestId('bnpl-timeline').getByText('Déjà à jour').first().waitFor()
    await widgetFr.getByTestId('bnpl-timeline').getByText('Commande rattachée', { exact: true }).waitFor()
    await widgetFr.getByText('Échéancier', { exact: true }).waitFor()
    await assertNoEnglish(widgetFr, ['Instalment payment', 'Schedule', 'Push again', 'What the service was told', 'Order attached', 'Due', 'Sent'])
    await screenshot(page, path.join(screenshotsDir, 'order-fr.png'), widgetFr)
    log(`screenshot ${path.relative(process.cwd(), path.join(screenshotsDir, 'order-fr.png'))}`)
    await audit.check(page, 'admin order widget (fr)', { ours: OURS })

    // ---------------------------------------------------------------- the service's other languages
    for (const { code, name, file } of OTHER_LANGUAGES) {
      begin(`the settings page in ${name} (the dashboard's language picker)`)
      await chooseLanguage(page, backendUrl, name, code)
      const texts = require(`../../src/admin/i18n/json/${file}`)
      await page.goto(`${backendUrl}/app/settings/bnpl`)
      const settingsIn = page.getByTestId('bnpl-settings')
      await settingsIn.getByRole('heading', { name: texts.settings.title }).first().waitFor({ timeout: 60_000 })
      for (const text of [texts.settings.keySet, texts.settings.plans.title, texts.settings.mode.label, texts.settings.exclusions.title]) {
        await settingsIn.getByText(text, { exact: true }).first().waitFor()
      }
      await assertNoEnglish(settingsIn, ['Instalment payments', 'Test account', 'Plans', 'Shipping option', 'Key set', 'Save'])
      const shot = path.join(screenshotsDir, `settings-${code}.png`)
      fs.mkdirSync(path.dirname(shot), { recursive: true })
      await page.screenshot({ path: shot })
      log(`screenshot ${path.relative(process.cwd(), shot)}`)
    }
    await chooseLanguage(page, backendUrl, 'Français', 'fr')

    begin('Supprimer la clé (with confirmation, in French)')
    await page.goto(`${backendUrl}/app/settings/bnpl`)
    await page.getByTestId('bnpl-remove-key-test').click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer la clé' }).click()
    await page.getByTestId('bnpl-settings').getByText("Aucune clé d'API", { exact: true }).waitFor()
    assert.equal(await page.getByTestId('bnpl-key-hint-test').count(), 0, 'no mask once the key is removed')

    audit.assertClean()
    const ours = problems.filter((p) => /bnpl/i.test(p))
    assert.deepEqual(ours, [], 'no page or console error from the plugin')
    for (const problem of problems) log(`(browser console, not from the plugin) ${problem.split('\n')[0].slice(0, 200)}`)
  } catch (error) {
    const file = path.join(ctx.failureDir, 'failure.png')
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
    const detail = problems.length ? `\nbrowser errors:\n  ${problems.slice(-10).join('\n  ')}` : ''
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`step "${step}" failed at ${page.url()}: ${message}\nscreenshot: ${file}${detail}`)
  }
}

/**
 * The sandbox account's plans as the settings page must show them (sandbox/merchants.js: the
 * account takes 50.00 to 5,000.00, its 10x credit plan from 500.00; fees on an example cart of
 * 300.00): a row's label, whether its switch is on (the store's plans are 3x and 4x), and what
 * its terms say, whitespace collapsed.
 */
const ACCOUNT_PLANS_EN = [
  { label: '3 instalments', on: true, terms: [/^€50\.00 to €5,000\.00/, /customer pays 1\.45 % \+ €0\.00 \(€4\.35 on a €300\.00 cart\)/, /you pay 1\.5 % \+ €0\.15 \(€4\.65 on a €300\.00 cart\)/] },
  { label: '4 instalments', on: true, terms: [/customer pays 2\.2 %/, /you pay 1\.8 % \+ €0\.15/] },
  { label: '3 instalments, first at shipment', on: false, terms: [/ship within 30 days/] },
  { label: '10 instalments', on: false, terms: [/^€500\.00 to €5,000\.00/, /customer pays interest at 17\.9 % a year/, /you pay 1\.2 %/] },
  { label: 'Pay in 30 days', on: false, terms: [/customer pays 1\.5 %/, /you pay 2\.5 %/] },
]
const ACCOUNT_PLANS_FR = [
  { label: '3 fois', on: true, terms: [/^de 50,00 € à 5 000,00 €/, /le client paie 1,45 % \+ 0,00 € \(4,35 € pour un panier de 300,00 €\)/, /vous payez 1,5 % \+ 0,15 €/] },
  { label: '3 fois, première à l\'expédition', on: false, terms: [/expédier sous 30 jours/] },
  { label: '10 fois', on: false, terms: [/^de 500,00 € à 5 000,00 €/, /le client paie des intérêts à 17,9 % par an/] },
  { label: 'Paiement à 30 jours', on: false, terms: [/le client paie 1,5 %/, /vous payez 2,5 %/] },
]

/**
 * The save bar's buttons (bottom right of the page) by keyboard, as a keyboard user presses them:
 * Medusa's toasts appear in that corner, and a click there can land on one (a run lost a Discard so).
 */
async function pressButton(/** @type {import('playwright-core').Locator} */ button) {
  await button.and(button.page().locator(':enabled')).waitFor()
  await button.press('Enter')
}

/** The Plans card of the settings page (the account's plans, then the store's). @param {import('playwright-core').Page} page */
const plansCard = (page) => page.getByTestId('bnpl-service-plans').locator('xpath=..')

/**
 * The account's plans listed as the service defines them: one row per plan the admin API gives
 * for the test account, and the rows `expected` with their switch and terms.
 * @param {import('playwright-core').Page} page @param {string} backendUrl
 * @param {{label: string, on: boolean, terms: RegExp[]}[]} expected
 */
async function assertServicePlans(page, backendUrl, expected) {
  const list = page.getByTestId('bnpl-service-plans')
  await list.waitFor()
  const { settings } = await (await page.request.get(`${backendUrl}/admin/bnpl/settings`)).json()
  const servicePlans = settings.accounts.test.service_plans
  assert.ok(Array.isArray(servicePlans) && servicePlans.length >= 5, `the account's plans are known: ${JSON.stringify(settings.accounts.test.service_plans_problem)}`)
  assert.equal(await list.getByTestId('bnpl-service-plan').count(), servicePlans.length, 'one row per plan of the account')
  for (const { label, on, terms } of expected) {
    const toggle = list.getByRole('switch', { name: label, exact: true })
    assert.equal(await toggle.getAttribute('aria-checked'), String(on), `the switch of "${label}" is ${on ? 'on' : 'off'}`)
    const id = await toggle.getAttribute('id')
    const text = (await list.locator(`[id="${id}-terms"]`).innerText()).replace(/\s+/g, ' ')
    for (const term of terms) assert.match(text, term, `the terms of "${label}": ${text}`)
    // The terms are the switch's description (read with it).
    assert.match((await accessibleText(page, `[id="${id}"]`)).description.replace(/\s+/g, ' '), terms[0], `the description of "${label}"`)
  }
}

/** The service's languages beyond English and French: the dashboard's code and picker name, our JSON. */
const OTHER_LANGUAGES = [
  { code: 'de', name: 'Deutsch', file: 'de.json' },
  { code: 'es', name: 'Español', file: 'es.json' },
  { code: 'it', name: 'Italiano', file: 'it.json' },
  { code: 'nl', name: 'Nederlands', file: 'nl.json' },
  { code: 'ptPT', name: 'Português (Portugal)', file: 'pt.json' },
]

/**
 * The admin user's language chosen in the dashboard's own picker (Profile → Edit → Language);
 * the drawer's submit button, whatever language it is labelled in.
 * @param {import('playwright-core').Page} page @param {string} backendUrl @param {string} name @param {string} code
 */
async function chooseLanguage(page, backendUrl, name, code) {
  await page.goto(`${backendUrl}/app/settings/profile/edit`)
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('combobox').click()
  await page.getByRole('option', { name, exact: true }).click()
  await drawer.locator('button[type="submit"]').click()
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

module.exports = { run }
