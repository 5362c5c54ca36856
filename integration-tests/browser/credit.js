'use strict'

/**
 * Credit advertising checks for the demo storefront's browser test (Directive 2023/2225 art. 8;
 * the kit's README, "Credit advertising"):
 *
 *   - the market's warning with the offer, in its language, and really shown: a box of its own
 *     size, not hidden, not transparent, not covered, at least 12 px;
 *   - the cost and APR (named as the page's language names it) and the representative
 *     example's button;
 *   - the Netherlands: AFM's symbol first in the offer, full width, at least 10 % of the offer's
 *     height, loaded, its alt text the sentence;
 *   - the example's dialog with the keyboard alone: Enter opens it as a modal with the focus on
 *     its Close button, Tab and Shift+Tab stay inside, Escape closes it, the focus back on the
 *     button that opened it.
 *
 *   const credit = createCreditChecks(page, { log })
 *   await credit.assertOffer(page.locator('.product .bnpl-offer'), MARKETS.FR, 'product page')
 *   await credit.exampleByKeyboard(page.locator('.product .bnpl-example-button'), 'en', { whileOpen })
 */

const assert = require('node:assert/strict')
const { eventually } = require('../../scripts/lib/store-api')
const { accessibleText } = require('./a11y')
const { createKeyboard } = require('./keyboard')

/** What the kit says in each of the page's languages: the APR's name, the example's button, its Close. */
const KIT = {
  en: { apr: 'APR', example: 'Representative example', close: 'Close' },
  fr: { apr: 'TAEG', example: 'Exemple représentatif', close: 'Fermer' },
  de: { apr: 'effektiver Jahreszins', example: 'Repräsentatives Beispiel', close: 'Schließen' },
  es: { apr: 'TAE', example: 'Ejemplo representativo', close: 'Cerrar' },
  it: { apr: 'TAEG', example: 'Esempio rappresentativo', close: 'Chiudi' },
  nl: { apr: 'JKP', example: 'Representatief voorbeeld', close: 'Sluiten' },
  pt: { apr: 'TAEG', example: 'Exemplo representativo', close: 'Fechar' },
}

/**
 * The markets, as the demo chooses them (`?lang=` and `?country=`): the warning the kit's
 * defaults give each, in its language.
 */
const MARKETS = [
  { market: 'FR', lang: 'fr', country: 'fr', language: 'fr', warning: 'Attention ! Un crédit coûte de l’argent et doit être remboursé !' },
  { market: 'BE-FR', lang: 'fr', country: 'be', language: 'fr', warning: 'Attention, emprunter de l’argent coûte aussi de l’argent.' },
  { market: 'BE-NL', lang: 'nl', country: 'be', language: 'nl', warning: 'Let op, geld lenen kost ook geld.' },
  { market: 'NL', lang: 'nl', country: 'nl', language: 'nl', warning: 'Let op! Geld lenen kost geld', afm: true },
  { market: 'DE', lang: 'de', country: 'de', language: 'de', warning: 'Achtung! Kreditaufnahme kostet Geld.' },
  { market: 'ES', lang: 'es', country: 'es', language: 'es', warning: 'Atención: tomar dinero prestado cuesta dinero' },
  { market: 'IT', lang: 'it', country: 'it', language: 'it', warning: 'Attenzione: prendere in prestito denaro costa denaro' },
  { market: 'PT', lang: 'pt', country: 'pt', language: 'pt', warning: 'Atenção: pedir dinheiro emprestado custa dinheiro' },
  { market: 'OTHER', lang: 'en', country: 'gb', language: 'en', warning: 'Attention! Borrowing money costs money.' },
]

const squash = (/** @type {string | null} */ text) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim()
const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * @param {import('playwright-core').Page} page
 * @param {{ log: (line: string) => void }} options
 */
function createCreditChecks(page, { log }) {
  /** The element is really shown: its own box, nothing hiding, fading or covering it. */
  async function assertShown(/** @type {import('playwright-core').Locator} */ locator, /** @type {string} */ what) {
    const measure = () =>
      locator.evaluate((el) => {
        const box = el.getBoundingClientRect()
        let hiddenBy = ''
        for (let e = /** @type {Element | null} */ (el); e; e = e.parentElement) {
          const s = getComputedStyle(e)
          if (s.display === 'none' || s.visibility !== 'visible' || parseFloat(s.opacity) < 1 || s.clipPath !== 'none') {
            hiddenBy = `${e.tagName.toLowerCase()}.${e.className}: display ${s.display}, visibility ${s.visibility}, opacity ${s.opacity}, clip-path ${s.clipPath}`
            break
          }
        }
        const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return {
          width: box.width,
          height: box.height,
          fontSize: parseFloat(getComputedStyle(el).fontSize),
          hiddenBy,
          covered: !atCentre || !(atCentre === el || el.contains(atCentre)),
          coveredBy: atCentre ? `${atCentre.tagName.toLowerCase()}.${atCentre.className}` : 'nothing (out of the viewport)',
        }
      })
    // The page may still move (a step above it loading): scrolled to and measured again until it settles.
    let seen = /** @type {Awaited<ReturnType<typeof measure>> | null} */ (null)
    await eventually(`${what} shown`, async () => {
      await locator.scrollIntoViewIfNeeded()
      seen = await measure()
      return !seen.covered
    }, { timeoutMs: 3000, intervalMs: 150 }).catch(() => undefined)
    const s = /** @type {Awaited<ReturnType<typeof measure>>} */ (/** @type {unknown} */ (seen))
    assert.ok(s.width >= 20 && s.height >= 8, `${what}: a box of ${s.width}×${s.height} px`)
    assert.equal(s.hiddenBy, '', `${what} is hidden or faded`)
    assert.ok(!s.covered, `${what} is covered by ${s.coveredBy}`)
    assert.ok(s.fontSize >= 12, `${what}: ${s.fontSize} px text`)
  }

  /**
   * The offer `offer` (a teaser, the picker, a standalone schedule) carries the market's warning,
   * its cost and APR, the example's button; in the Netherlands, AFM's symbol on top.
   * @param {import('playwright-core').Locator} offer
   * @param {(typeof MARKETS)[number]} m
   * @param {string} surface
   */
  async function assertOffer(offer, m, surface) {
    await offer.waitFor()
    const what = `${surface} (${m.market}, ${m.lang}, ${page.viewportSize()?.width} px)`
    assert.equal(await offer.getAttribute('data-market'), m.market, `${what}: the offer's market`)
    const warning = offer.locator('.bnpl-warning')
    assert.equal(await warning.count(), 1, `${what}: one warning`)
    assert.equal(squash(await warning.textContent()), m.warning, `${what}: the warning's text`)
    assert.equal(await warning.getAttribute('lang'), m.language, `${what}: the warning's language`)
    await assertShown(warning, `${what}: the warning`)
    // The cost in money and the APR, named as the page's language names it ("TAEG 19,3 %").
    const kit = KIT[/** @type {keyof typeof KIT} */ (m.lang)]
    const cost = squash(await offer.locator('.bnpl-cost__text, .bnpl-schedule__summary').first().textContent())
    assert.match(cost, new RegExp(`\\d[.,]\\d\\d.*· ${escape(kit.apr)} \\d+[.,]\\d+ ?%`), `${what}: the cost and APR in "${cost}"`)
    const button = offer.locator('.bnpl-example-button').first()
    assert.equal(squash(await button.textContent()), kit.example, `${what}: the example's button`)
    await assertShown(button, `${what}: the example's button`)
    if (m.afm) await assertAfm(offer, m, what)
    else assert.equal(await offer.locator('img.bnpl-afm').count(), 0, `${what}: no AFM symbol`)
  }

  /** AFM's symbol: first, full width, ≥ 10 % of the offer's height, loaded, alt = the sentence. */
  async function assertAfm(/** @type {import('playwright-core').Locator} */ offer, /** @type {(typeof MARKETS)[number]} */ m, /** @type {string} */ what) {
    const symbol = offer.locator('img.bnpl-afm')
    assert.equal(await symbol.count(), 1, `${what}: the AFM symbol`)
    assert.equal(await symbol.getAttribute('alt'), m.warning, `${what}: the AFM symbol's alt text`)
    await assertShown(symbol, `${what}: the AFM symbol`)
    // Its minimum height follows the offer's (a resize observer): give it a frame or two.
    let last = /** @type {any} */ (null)
    try {
      await eventually(`${what}: the AFM symbol at 10 % of the offer`, async () => {
        last = await offer.evaluate((root) => {
          const img = /** @type {HTMLImageElement} */ (root.querySelector('img.bnpl-afm'))
          const r = root.getBoundingClientRect()
          const i = img.getBoundingClientRect()
          const s = getComputedStyle(root)
          const inner = r.width - ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce((sum, k) => sum + parseFloat(s[/** @type {any} */ (k)]), 0)
          // Everything of the offer but the picker's legend lies under the symbol.
          const above = [...root.querySelectorAll('.bnpl-teaser, .bnpl-plan, .bnpl-schedule__rows, .bnpl-warning, .bnpl-cost')].filter(
            (e) => e.getBoundingClientRect().top < i.bottom - 1
          )
          return { share: i.height / r.height, width: i.width / inner, loaded: img.complete && img.naturalWidth > 0, above: above.map((e) => e.className) }
        })
        return last.share >= 0.099 && last.width >= 0.98 && last.loaded && !last.above.length
      }, { timeoutMs: 5000, intervalMs: 100 })
    } catch {
      assert.fail(`${what}: the AFM symbol ${JSON.stringify(last)} (want share ≥ 0.1, width 1, loaded, nothing above)`)
    }
  }

  /**
   * The example's dialog with the keyboard alone, from `button` (given the focus first):
   * Enter, Tab, Shift+Tab, Escape; `whileOpen` runs with the dialog open (axe, a screenshot).
   * @param {import('playwright-core').Locator} button
   * @param {string} lang
   * @param {{ whileOpen?: () => Promise<void>, reached?: boolean }} [options]
   */
  async function exampleByKeyboard(button, lang, { whileOpen, reached = false } = {}) {
    const kit = KIT[/** @type {keyof typeof KIT} */ (lang)]
    const keys = createKeyboard(page, { log })
    // Reached by Tab in a keyboard-only journey (the focus shows); else given the focus, as Tab
    // would (a script's focus after clicks does not show: the keys below make it show).
    if (reached) await keys.expectFocus({ role: 'button', name: kit.example })
    else {
      await button.focus()
      assert.ok(await button.evaluate((b) => b === document.activeElement), `the focus on "${kit.example}"`)
    }
    await keys.press('Enter', { role: 'button', name: kit.close })
    const dialog = page.locator('dialog.bnpl-example')
    assert.equal(await dialog.count(), 1)
    assert.ok(await dialog.evaluate((d) => d.matches(':modal')), 'the example opens as a modal dialog')
    const { name } = await accessibleText(page, 'dialog.bnpl-example')
    const title = squash(await dialog.locator('.bnpl-example__title').textContent())
    assert.ok(title.length > 10 && squash(name) === title, `the dialog is named by its title: "${name}" / "${title}"`)
    assert.ok((await dialog.locator('.bnpl-example__item').count()) >= 9, 'the example lists its items')
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('dialog.bnpl-example'))
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await keys.press(key, { role: 'button', name: kit.close })
      assert.ok(await inside(), `${key}: the focus stays in the dialog`)
    }
    if (whileOpen) await whileOpen()
    await keys.press('Escape', { role: 'button', name: kit.example })
    assert.equal(await dialog.count(), 0, 'Escape closes the dialog')
    assert.ok(await button.evaluate((b) => b === document.activeElement), 'the focus is back on the button that opened it')
    log(`  the example's dialog (${lang}): Enter opens it, Tab stays inside, Escape closes it, the focus back on "${kit.example}"`)
  }

  return { assertOffer, exampleByKeyboard, assertShown }
}

module.exports = { createCreditChecks, MARKETS, KIT }
