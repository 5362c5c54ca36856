'use strict'

/**
 * The hosted page shows the credit warning of the customer's market (Directive (EU) 2023/2225
 * art. 8(1)), over real HTTP: the payment is created through the service API like the plugin does
 * (`locale`, billing/shipping `country`), then its page is read as the customer's browser would.
 */

const { startSandbox } = require('../server')
const { ACTIVE_KEY } = require('../merchants')
const { marketOf } = require('../market')

const FR = "Attention ! Un crédit coûte de l'argent et doit être remboursé !"
const BE_FR = "Attention, emprunter de l'argent coûte aussi de l'argent."
const BE_NL = 'Let op, geld lenen kost ook geld.'
const NL = 'Let op! Geld lenen kost geld'
const DE = 'Achtung! Kreditaufnahme kostet Geld.'
const ES = 'Atención: tomar dinero prestado cuesta dinero'
const IT = 'Attenzione: prendere in prestito denaro costa denaro'
const PT = 'Atenção: pedir dinheiro emprestado custa dinheiro'
const EN = 'Attention! Borrowing money costs money.'

/** @type {Awaited<ReturnType<typeof startSandbox>>} */
let sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoNotify: false })
})
afterAll(() => sandbox.close())
beforeEach(() => sandbox.reset())

const decode = (/** @type {string} */ html) => html.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))

/** Creates a payment with these fields over HTTP and reads its hosted page. */
async function pageOf(fields) {
  const created = await fetch(`${sandbox.url}/v1/payments`, {
    method: 'POST',
    headers: { authorization: `Service-Auth ${ACTIVE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ payment: { purchase_amount: 100000, installments_count: 3, return_url: 'https://shop.test/return', ...fields } }),
  })
  expect(created.status).toBe(200)
  const payment = await created.json()
  const page = await fetch(payment.url)
  expect(page.status).toBe(200)
  const html = await page.text()
  const warning = /<p class="credit-warning" data-testid="credit-warning" lang="([^"]+)">([^<]*)<\/p>/.exec(html)
  return { payment, html, lang: warning?.[1], warning: warning ? decode(warning[2]) : undefined }
}

describe('the credit warning on the hosted page', () => {
  it.each([
    ['fr', { locale: 'fr' }, FR, 'fr-FR'],
    ['fr-BE', { locale: 'fr-BE' }, BE_FR, 'fr-BE'],
    ['fr-BE, billed in Belgium', { locale: 'fr-BE', billing_address: { country: 'BE' } }, BE_FR, 'fr-BE'],
    ['nl-BE', { locale: 'nl-BE' }, BE_NL, 'nl-BE'],
    ['de', { locale: 'de' }, DE, 'de-DE'],
    ['a missing locale', {}, EN, 'en'],
  ])('%s: the sentence of its market, in its language', async (_, fields, sentence, lang) => {
    const page = await pageOf(fields)
    expect(page.warning).toBe(sentence)
    expect(page.lang).toBe(lang)
    // The rest of the page stays in English: its own lang is still right.
    expect(page.html).toContain('<html lang="en">')
  })

  it('is kept with the payment: the locale as given, the addresses with their country', async () => {
    const { payment } = await pageOf({ locale: 'nl-BE', billing_address: { country: 'BE', city: 'Gent' } })
    expect(sandbox.payments.get(payment.id)).toMatchObject({ locale: 'nl-BE', billing_address: { country: 'BE', city: 'Gent' } })
    const read = await fetch(`${sandbox.url}/v1/payments/${payment.id}`, { headers: { authorization: `Service-Auth ${ACTIVE_KEY}` } })
    expect((await read.json()).locale).toBe('nl-BE')
  })

  it.each([
    // What the plugin sends: the language alone, the cart's countries in capitals.
    ['Belgium, Dutch', { locale: 'nl', billing_address: { country: 'BE' } }, BE_NL],
    ['Belgium, German: French', { locale: 'de', billing_address: { country: 'BE' } }, BE_FR],
    ['Belgium, no locale: French', { shipping_address: { country: 'BE' } }, BE_FR],
    ['France, English speaker', { locale: 'en', billing_address: { country: 'FR' } }, FR],
    ['Germany, French speaker', { locale: 'fr', shipping_address: { country: 'DE' } }, DE],
    ['the billing country before the shipping one', { locale: 'fr', billing_address: { country: 'ES' }, shipping_address: { country: 'FR' } }, ES],
    ['a country in lower case', { billing_address: { country: 'it' } }, IT],
    ['the Netherlands', { locale: 'nl', billing_address: { country: 'NL' } }, NL],
    ['Portugal', { billing_address: { country: 'PT' } }, PT],
    ['an address country over the locale region', { locale: 'fr-BE', billing_address: { country: 'FR' } }, FR],
  ])('the country picks the market: %s', async (_, fields, sentence) => {
    expect((await pageOf(fields)).warning).toBe(sentence)
  })

  it.each([
    ['Switzerland, German', { locale: 'de', billing_address: { country: 'CH' } }, DE],
    ['Luxembourg, French', { locale: 'fr', billing_address: { country: 'LU' } }, FR],
    ['Austria by its locale only', { locale: 'de-AT' }, DE],
    ['Brazil by its locale only', { locale: 'pt_BR' }, PT],
    ['Spanish, no country', { locale: 'es' }, ES],
    ['English, no country', { locale: 'en' }, EN],
    ['Ireland, English', { locale: 'en-IE', billing_address: { country: 'IE' } }, EN],
    ['no locale, a country without a warning', { billing_address: { country: 'US' } }, EN],
    ['an unreadable country', { locale: 'it', billing_address: { country: 'Italy' } }, IT],
  ])('a country without its own warning → the market of the language, else English: %s', async (_, fields, sentence) => {
    expect((await pageOf(fields)).warning).toBe(sentence)
  })

  it('stands between the schedule and the buttons, and stays once the payment is accepted', async () => {
    const { payment, html } = await pageOf({ locale: 'fr', billing_address: { country: 'FR' } })
    const at = html.indexOf('data-testid="credit-warning"')
    expect(at).toBeGreaterThan(html.indexOf('</table>'))
    expect(at).toBeLessThan(html.indexOf('Accept and pay'))
    sandbox.accept(payment.id, { notify: false })
    const accepted = await (await fetch(payment.url)).text()
    expect(accepted).toContain('This payment has been accepted.')
    expect(decode(accepted)).toContain(FR)
  })

  it('escapes the text like the rest of the page (the apostrophes are entities)', async () => {
    const { html } = await pageOf({ locale: 'fr' })
    expect(html).toContain('Un crédit coûte de l&#39;argent')
  })
})

describe('marketOf', () => {
  it.each([
    [{ locale: 'nl-BE' }, 'BE-nl'],
    [{ locale: 'NL_be' }, 'BE-nl'],
    [{ locale: 'fr', billing_address: { country: ' be ' } }, 'BE-fr'],
    [{ locale: null, billing_address: null, shipping_address: 'FR' }, 'other'],
    [{ locale: 'sv-SE' }, 'other'],
    [{}, 'other'],
  ])('%j → %s', (payment, market) => {
    expect(marketOf(payment)).toBe(market)
  })
})
