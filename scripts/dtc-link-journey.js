#!/usr/bin/env node
'use strict'

/**
 * A payment link through the DTC starter with the recipe's step 10 (docs/dtc-recipe/10-payment-links.md),
 * in French: the page the admin's "Copy payment link" opens, for what an order owes after an
 * edit. The customer lands on /payment-collection/<id> (the starter's middleware adds /fr),
 * reads the order's number, the amount due and France's warning, chooses 3 instalments (none
 * pre-selected), pays on the hosted page and comes back to "paid"; the page opened again says
 * nothing is owed. axe-core checks the recipe's page.
 *
 *   node scripts/dtc-link-journey.js --storefront <url> --collection <pay_col_...> --order-number <n>
 *        [--screenshots-dir DIR]
 */

const fs = require('node:fs')
const path = require('node:path')
const { commandLine } = require('./lib/command-line')
const { createAudit } = require('./lib/a11y')

const args = commandLine(
  'Usage: node scripts/dtc-link-journey.js --storefront <url> --collection <id> --order-number <n> [--screenshots-dir DIR]\n  A payment link paid in instalments in French through the DTC starter with the recipe.'
)
const STOREFRONT = (args.value('--storefront') || 'http://localhost:8000').replace(/\/+$/, '')
const COLLECTION = args.value('--collection')
const ORDER_NUMBER = args.value('--order-number')
const SCREENSHOTS = args.value('--screenshots-dir')
/** France's warning, in French typography (U+202F before "!", U+2019 apostrophe). */
const WARNING = 'Attention\u202f! Un crédit coûte de l’argent et doit être remboursé\u202f!'

const say = (/** @type {string} */ line) => console.log(`[dtc-link-journey] ${line}`)
const text = async (/** @type {import('playwright-core').Locator} */ l) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim()
function check(/** @type {boolean} */ ok, /** @type {string} */ what) {
  if (!ok) throw new Error(`check failed: ${what}`)
}

async function main() {
  if (!COLLECTION || !ORDER_NUMBER) throw new Error('--collection and --order-number are required')
  const playwright = require('playwright-core')
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' })
    page.setDefaultTimeout(60_000)
    const audit = createAudit({ log: say })
    const a11y = (/** @type {string} */ state) => audit.check(page, state, { ours: ['[data-testid="bnpl-link-payment"]', 'h1'] })

    // The link as the admin copies it: no country in the path.
    await page.goto(`${STOREFRONT}/payment-collection/${COLLECTION}?order_id=whatever`)
    await page.waitForURL(new RegExp(`/fr/payment-collection/${COLLECTION}`))
    await page.getByRole('heading', { name: `Paiement de la commande n° ${ORDER_NUMBER}` }).waitFor()
    const form = page.getByTestId('bnpl-link-payment')
    // Its raw text: "Montant dû" then U+202F before the colon (French typography).
    const due = (await page.getByTestId('bnpl-amount-due').textContent()) ?? ''
    check(/^Montant dû\u202f: \d[\d\u202f]*,\d\d\u00a0€$/.test(due), `the amount due in French, in French typography (${JSON.stringify(due)})`)
    await form.getByText(WARNING).first().waitFor()
    const picker = form.locator('fieldset.bnpl-picker')
    check((await picker.locator('input[type=radio]:checked').count()) === 0, 'no plan is pre-selected')
    // Without a plan, the button says to choose one (in French), in view and focused.
    await page.getByTestId('bnpl-link-pay').click()
    const alert = form.getByRole('alert')
    check((await text(alert)) === 'Choisissez d’abord une formule.', `asked to choose a plan ("${await text(alert)}")`)
    const plan = picker.locator('.bnpl-plan').filter({ has: page.locator('input[value="3x-d0-m0"]') })
    await plan.locator('.bnpl-plan__label').click()
    await a11y('payment link page, plan chosen')
    if (SCREENSHOTS) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true })
      await page.screenshot({ path: path.join(SCREENSHOTS, 'dtc-payment-link.png') })
    }
    await page.getByTestId('bnpl-link-pay').click()
    await page.waitForURL(/\/pay\//)
    say(`hosted page: ${page.url()}`)
    await page.getByRole('button', { name: 'Accept and pay' }).click()
    await page.waitForURL(new RegExp(`/fr/payment-collection/${COLLECTION}\\?bnpl=paid`))
    await page.getByRole('heading', { name: /^Merci\s! Votre paiement est reçu$/ }).waitFor()
    await a11y('payment link page, paid')
    // Opened again: nothing left to pay.
    await page.goto(`${STOREFRONT}/fr/payment-collection/${COLLECTION}`)
    await page.getByText(/^Plus rien n’est dû sur ce lien\u202f: il a été payé\. Merci\.$/).waitFor()
    audit.assertClean()
    say('passed')
  } finally {
    await browser.close()
  }
}

main().catch((e) => {
  console.error(`[dtc-link-journey] FAILED: ${e.stack || e.message}`)
  process.exit(1)
})
