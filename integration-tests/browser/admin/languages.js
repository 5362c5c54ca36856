'use strict'

/**
 * The admin in the dashboard's other languages (admin.browser.js): French chosen with the
 * dashboard's own picker (Profile → Language), then the settings page (the account's plans
 * included) and the order widget again, every text, date and amount in French; the settings page
 * in German, Spanish, Italian, Dutch and Portuguese (its headings from its JSON, none of the
 * English ones); then "Remove key", confirmed in a dialog, in French.
 */

const fs = require('node:fs')
const path = require('node:path')
const assert = require('node:assert/strict')
const { openSettingsFromMenu, openOrderWidget, expressRowOf, chooseLanguage, assertNoEnglish } = require('./pages')
const { ACCOUNT_PLANS_FR, plansCard, assertServicePlans } = require('./account-plans')

/** The service's languages beyond English and French: the dashboard's code and picker name, our JSON. */
const OTHER_LANGUAGES = [
  { code: 'de', name: 'Deutsch', file: 'de.json' },
  { code: 'es', name: 'Español', file: 'es.json' },
  { code: 'it', name: 'Italiano', file: 'it.json' },
  { code: 'nl', name: 'Nederlands', file: 'nl.json' },
  { code: 'ptPT', name: 'Português (Portugal)', file: 'pt.json' },
]

/** @typedef {import('./journey').AdminJourney} AdminJourney */

async function settingsInFrench(/** @type {AdminJourney} */ a) {
  const { page, backendUrl } = a
  a.begin("choosing French in the dashboard's language picker (Profile → Language)")
  await chooseLanguage(page, backendUrl, 'Français', 'fr', { saveLabel: 'Save' })

  a.begin('Settings > Paiement en plusieurs fois (French)')
  const settingsFr = await openSettingsFromMenu(page, backendUrl, 'Paiement en plusieurs fois')
  await settingsFr.getByRole('heading', { name: 'Paiement en plusieurs fois' }).waitFor()
  await settingsFr.getByText('Clé enregistrée', { exact: true }).waitFor()
  for (const text of ['Mode des nouveaux paiements', 'Compte de test', 'Compte de production', 'Formules', 'Paiements et notifications', 'Expédition', 'Capturer automatiquement']) {
    await settingsFr.getByText(text, { exact: true }).first().waitFor()
  }
  await settingsFr.getByText('3 fois', { exact: true }).first().waitFor() // the plan's label
  await settingsFr.getByText('Produits exclus', { exact: true }).waitFor()
  await settingsFr.getByText('Catégories (avec leurs sous-catégories)', { exact: true }).waitFor()
  const expressRow = expressRowOf(page)
  await expressRow.getByText('choisi dans les réglages du plugin; express choisi dans les réglages du plugin').waitFor()
  await expressRow.getByText('Point relais', { exact: true }).first().waitFor()
  await page.getByTestId('bnpl-verify-test').getByText('Vérifier', { exact: true }).click()
  await page.getByTestId('bnpl-verify-result').getByText('Fonctionne', { exact: true }).waitFor()
  await assertNoEnglish(settingsFr, ['Instalment payments', 'Test account', 'Live account', 'Plans', 'Shipping option', 'Key set', 'Save'])
  await a.shoot('settings-fr.png')
  a.begin("the account's own plans in French")
  await assertServicePlans(page, backendUrl, ACCOUNT_PLANS_FR)
  await assertNoEnglish(page.getByTestId('bnpl-service-plans'), ['3 instalments', 'Pay in 30 days', '10 instalments'])
  await a.shoot('settings-plans-fr.png', plansCard(page), { only: true })
  await a.check('admin settings (fr)')
  await a.auditPayments('fr')
  await a.auditReconciliation('fr')
}

async function orderWidgetInFrench(/** @type {AdminJourney} */ a, /** @type {string} */ orderId) {
  a.begin("the order's widget in French (dates and amounts in French)")
  const widgetFr = await openOrderWidget(a.page, a.backendUrl, orderId)
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
  await a.shoot('order-fr.png', widgetFr)
  await a.check('admin order widget (fr)')
}

/** The settings page in each of the service's other languages; then back to French. */
async function settingsInOtherLanguages(/** @type {AdminJourney} */ a) {
  const { page, backendUrl } = a
  for (const { code, name, file } of OTHER_LANGUAGES) {
    a.begin(`the settings page in ${name} (the dashboard's language picker)`)
    await chooseLanguage(page, backendUrl, name, code)
    const texts = require(`../../../src/admin/i18n/json/${file}`)
    await page.goto(`${backendUrl}/app/settings/bnpl`)
    const settingsIn = page.getByTestId('bnpl-settings')
    await settingsIn.getByRole('heading', { name: texts.settings.title }).first().waitFor({ timeout: 60_000 })
    for (const text of [texts.settings.keySet, texts.settings.plans.title, texts.settings.mode.label, texts.settings.exclusions.title]) {
      await settingsIn.getByText(text, { exact: true }).first().waitFor()
    }
    await assertNoEnglish(settingsIn, ['Instalment payments', 'Test account', 'Plans', 'Shipping option', 'Key set', 'Save'])
    const shot = path.join(a.screenshotsDir, `settings-${code}.png`)
    fs.mkdirSync(path.dirname(shot), { recursive: true })
    await page.screenshot({ path: shot })
    a.log(`screenshot ${path.relative(process.cwd(), shot)}`)
  }
  await chooseLanguage(page, backendUrl, 'Français', 'fr')
}

async function removeKeyInFrench(/** @type {AdminJourney} */ a) {
  const { page } = a
  a.begin('Supprimer la clé (with confirmation, in French)')
  await page.goto(`${a.backendUrl}/app/settings/bnpl`)
  await page.getByTestId('bnpl-remove-key-test').click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer la clé' }).click()
  await page.getByTestId('bnpl-settings').getByText("Aucune clé d'API", { exact: true }).waitFor()
  assert.equal(await page.getByTestId('bnpl-key-hint-test').count(), 0, 'no mask once the key is removed')
}

module.exports = { settingsInFrench, orderWidgetInFrench, settingsInOtherLanguages, removeKeyInFrench }
