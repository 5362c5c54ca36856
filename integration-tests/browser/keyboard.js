'use strict'

/**
 * Keyboard-only use for the browser tests (WCAG 2.1.1 keyboard, 2.4.3 focus order, 2.4.7 focus
 * visible): keys pressed with Playwright's keyboard only (no click, no `fill`), and after each
 * key, what has the focus (its role and accessible name in Chromium's accessibility tree) and
 * whether the focus shows (`:focus-visible`, with an outline or box-shadow on the element, or
 * the outline around a plan card of the kit).
 *
 *   const keys = createKeyboard(page, { log })
 *   await keys.tab({ role: 'button', name: 'Add to cart' })          // Tab, then the focus is there
 *   await keys.press('Enter', { role: 'heading', name: 'Your cart' }) // waits for a focus that moves late
 *   await keys.press('Shift+Tab', { role: 'radio', name: /^Pay in 3/ })
 */

const assert = require('node:assert/strict')
const { eventually } = require('../../scripts/lib/store-api')

/**
 * What has the focus: role and name from the accessibility tree, and whether it shows.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{role: string, name: string, checked?: string, disabled?: boolean, visible: boolean, style: string, card?: string}>}
 */
async function focusedElement(page) {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' })
    if (!result.objectId) return { role: 'none', name: '', visible: false, style: 'no active element', card: '' }
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false })
    const node = nodes[0]
    const property = (/** @type {string} */ name) => node?.properties?.find((p) => p.name === name)?.value?.value
    const { visible, style, card } = await page.evaluate(() => {
      const el = /** @type {HTMLElement | null} */ (document.activeElement)
      if (!el || el === document.body) return { visible: false, style: 'focus on the page body', card: '' }
      /** An outline or box-shadow drawn on `e` ("" when none). */
      const ring = (/** @type {Element} */ e, /** @type {boolean} */ shadowToo) => {
        const s = getComputedStyle(e)
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return `outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`
        return shadowToo && s.boxShadow !== 'none' ? `box-shadow ${s.boxShadow}` : ''
      }
      const shown = el.matches(':focus-visible')
      // A plan of the kit: its radio is small, the card carries the focus outline (:focus-within).
      // Only the card's outline counts: its box-shadow marks the chosen plan, focused or not.
      const card = el.closest('.bnpl-plan')
      const cardRing = card ? ring(card, false) : ''
      const style = ring(el, true) || (cardRing && `plan card: ${cardRing}`)
      return { visible: shown && !!style, style: `${shown ? ':focus-visible' : 'not :focus-visible'}, ${style || 'no outline or box-shadow'}`, card: cardRing }
    })
    return {
      role: String(node?.role?.value ?? ''),
      name: String(node?.name?.value ?? '').replace(/\s+/g, ' ').trim(),
      checked: property('checked'),
      disabled: property('disabled'),
      visible,
      style,
      card,
    }
  } finally {
    await cdp.detach().catch(() => undefined)
  }
}

/**
 * @param {import('playwright-core').Page} page
 * @param {{ log: (line: string) => void }} options
 */
function createKeyboard(page, { log }) {
  let presses = 0
  const describe = (/** @type {{role: string, name: string}} */ f) => `${f.role} "${f.name}"`
  const matches = (/** @type {{role: string, name: string}} */ f, /** @type {{role: string, name: string | RegExp}} */ want) =>
    f.role === want.role && (typeof want.name === 'string' ? f.name === want.name : want.name.test(f.name))

  /**
   * The focus on `want` (waiting up to `timeoutMs` for a focus moved by the page, after a route
   * change or a request), and visible.
   * `checked`: the radio's state; `card`: a plan of the kit, whose card shows the focus outline.
   * @param {{role: string, name: string | RegExp, checked?: boolean, card?: boolean}} want
   */
  async function expectFocus(want, { timeoutMs = 10_000, after = '' } = {}) {
    let last = /** @type {Awaited<ReturnType<typeof focusedElement>> | null} */ (null)
    try {
      await eventually(`the focus on ${want.role} "${want.name}"`, async () => {
        last = await focusedElement(page)
        return matches(last, want)
      }, { timeoutMs, intervalMs: 100 })
    } catch {
      throw new Error(`${after ? `after ${after}: ` : ''}the focus should be on ${want.role} "${want.name}", it is on ${last ? describe(last) : 'nothing'}`)
    }
    const f = /** @type {Awaited<ReturnType<typeof focusedElement>>} */ (/** @type {unknown} */ (last))
    assert.ok(f.visible, `${describe(f)} has the focus, but it does not show (${f.style})`)
    if (want.card) assert.ok(f.card, `${describe(f)}: its plan card shows no focus outline (${f.style})`)
    if (want.checked !== undefined) assert.equal(f.checked === 'true', want.checked, `${describe(f)} ${want.checked ? 'checked' : 'not checked'}`)
    return f
  }

  /**
   * Presses `key` ("Tab", "Shift+Tab", "Enter", " ", "ArrowDown"...), then expects the focus on `want`.
   * @param {string} key
   * @param {{role: string, name: string | RegExp, checked?: boolean, card?: boolean}} want
   */
  async function press(key, want, options = {}) {
    await page.keyboard.press(key)
    presses++
    const f = await expectFocus(want, { ...options, after: key })
    log(`  ${(key === ' ' ? 'Space' : key).padEnd(9)} → ${describe(f)}${f.checked === 'true' ? ' (checked)' : ''}`)
    return f
  }

  return {
    press,
    tab: (/** @type {Parameters<typeof press>[1]} */ want, options = {}) => press('Tab', want, options),
    shiftTab: (/** @type {Parameters<typeof press>[1]} */ want, options = {}) => press('Shift+Tab', want, options),
    expectFocus,
    /** Types into the focused field (reached by the keyboard). */
    type: (/** @type {string} */ text) => page.keyboard.type(text),
    presses: () => presses,
  }
}

module.exports = { createKeyboard, focusedElement }
