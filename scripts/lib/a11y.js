'use strict'

/**
 * Accessibility checks for the browser tests: axe-core (a devDependency, injected into the page)
 * with the WCAG 2.2 AA rules (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa), at 1280 and
 * 320 px wide, plus no sideways scroll at 320 px (1.4.10) where the page is ours.
 *
 * Only what this repository renders counts: a page of ours (demo storefront, sandbox page) as a
 * whole; in Medusa's admin, the nodes inside the plugin's own containers (`ours` selectors).
 * Violations elsewhere (Medusa's admin shell) are reported apart and do not fail the test.
 *
 *   const audit = createAudit({ log })
 *   await audit.check(page, 'product page (en)', { ours: null })        // whole page
 *   await audit.check(page, 'settings (fr)', { ours: ['[data-testid="bnpl-settings"]'] })
 *   audit.assertClean()                                                   // throws, listing them all
 */

const fs = require('node:fs')

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const WIDTHS = [1280, 320]

function axeSource() {
  let file
  try {
    file = require.resolve('axe-core/axe.min.js')
  } catch {
    throw new Error('npm package axe-core is missing (a devDependency): run `npm install`')
  }
  return fs.readFileSync(file, 'utf8')
}

/**
 * @param {{ log: (line: string) => void }} options
 */
function createAudit({ log }) {
  const source = axeSource()
  /** @type {Array<{state: string, width: number, rule: string, impact: string, help: string, target: string, html: string}>} */
  const ours = []
  /** @type {Map<string, number>} rule → nodes, outside the plugin's containers (Medusa's shell) */
  const shell = new Map()
  let runs = 0

  /**
   * Runs axe on the page as it is, at each width (the viewport is restored afterwards).
   * @param {import('playwright-core').Page} page
   * @param {string} state
   * @param {{ ours?: string[] | null, widths?: number[], reflow?: boolean }} [options]
   */
  async function check(page, state, { ours: containers = null, widths = WIDTHS, reflow = !containers } = {}) {
    const before = page.viewportSize()
    try {
      for (const width of widths) {
        await page.setViewportSize({ width, height: before?.height ?? 900 })
        // Let the layout (and any resize observer) settle.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
        if (!(await page.evaluate(() => typeof (/** @type {any} */ (window).axe) === 'object'))) {
          await page.addScriptTag({ content: source })
        }
        const violations = await page.evaluate(
          async ({ tags, containers }) => {
            const axe = /** @type {any} */ (window).axe
            const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
            const out = []
            for (const v of result.violations) {
              for (const node of v.nodes) {
                const selector = node.target[node.target.length - 1]
                const el = typeof selector === 'string' ? document.querySelector(selector) : null
                const inside = !containers || (el && containers.some((c) => el.closest(c)))
                out.push({
                  rule: v.id,
                  impact: v.impact,
                  help: v.help,
                  target: node.target.join(' '),
                  html: node.html.slice(0, 160),
                  summary: (node.failureSummary || '').replace(/\s+/g, ' ').slice(0, 300),
                  ours: !!inside,
                })
              }
            }
            return out
          },
          { tags: TAGS, containers }
        )
        runs++
        for (const v of violations) {
          if (v.ours) ours.push({ state, width, ...v })
          else shell.set(v.rule, (shell.get(v.rule) ?? 0) + 1)
        }
        if (reflow && width <= 320) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
          if (overflow > 0) {
            ours.push({ state, width, rule: 'reflow (1.4.10)', impact: 'serious', help: `the page scrolls sideways by ${overflow} px at 320 px`, target: 'html', html: '', summary: '' })
          }
        }
        const mine = violations.filter((v) => v.ours)
        log(`axe ${state} @${width}px: ${mine.length ? mine.map((v) => `${v.rule} ${v.target}`).join('; ') : 'no violation'}${violations.length > mine.length ? ` (Medusa's shell: ${violations.length - mine.length})` : ''}`)
      }
    } finally {
      if (before) await page.setViewportSize(before)
    }
  }

  function summary() {
    const shellText = [...shell].map(([rule, n]) => `${rule} ×${n}`).join(', ')
    return `${runs} axe runs, ${ours.length} violation(s) in what this repository renders` + (shellText ? `; Medusa's admin shell (not counted): ${shellText}` : '')
  }

  /** Throws with every violation found in what this repository renders. */
  function assertClean() {
    log(summary())
    if (!ours.length) return
    const lines = ours.map((v) => `  - [${v.state} @${v.width}px] ${v.rule} (${v.impact}): ${v.help}\n      ${v.target} ${v.html}\n      ${v.summary}`)
    throw new Error(`accessibility: ${ours.length} violation(s)\n${lines.join('\n')}`)
  }

  return { check, assertClean, summary, violations: ours }
}

/**
 * The accessible description Chromium computes for the element `selector` (from its
 * accessibility tree, through the DevTools protocol): what a screen reader says after its name.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @returns {Promise<{name: string, description: string}>}
 */
async function accessibleText(page, selector) {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    if (!nodeId) throw new Error(`no element ${selector}`)
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })
    const node = nodes[0]
    return { name: String(node?.name?.value ?? ''), description: String(node?.description?.value ?? '') }
  } finally {
    await cdp.detach().catch(() => undefined)
  }
}

module.exports = { createAudit, accessibleText, TAGS, WIDTHS }
