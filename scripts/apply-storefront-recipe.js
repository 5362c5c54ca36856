#!/usr/bin/env node
'use strict'

/**
 * Applies the DTC starter recipe to a checkout of Medusa's DTC starter, exactly as written there:
 * each code block titled with a file (```tsx title="src/...") is written to that file, each
 * ```diff block is applied with `patch -p1`. Nothing else: installing the kit stays the recipe's
 * step 1 (pnpm). Used to test the recipe verbatim (scripts/dtc-recipe-test.js).
 *
 * The recipe is docs/dtc-recipe.md and the pages of its other steps in docs/dtc-recipe/, read in
 * the recipe's order: docs/dtc-recipe.md first, then the pages its step list (its first ordered
 * list) links to, in the order of the links, each page once. A page of docs/dtc-recipe/ the list
 * does not link to is an error (its blocks would be left out).
 *
 *   node scripts/apply-storefront-recipe.js <dtc-starter>/apps/storefront [--check]
 *
 * --check: only check that every diff applies (patch --dry-run); nothing is written.
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { commandLine } = require('./lib/command-line')

const args = commandLine(
  'Usage: node scripts/apply-storefront-recipe.js <dtc-starter>/apps/storefront [--check]\n  Writes the new files and applies the diffs of the recipe (docs/dtc-recipe.md and docs/dtc-recipe/) to the starter.'
)
const target = process.argv.slice(2).find((a) => !a.startsWith('--'))
const check = args.has('--check')
if (!target || !fs.existsSync(path.join(target, 'src', 'lib', 'constants.tsx'))) {
  console.error('Give the starter\'s apps/storefront folder (it has src/lib/constants.tsx).')
  process.exit(2)
}

const DOCS = path.join(__dirname, '..', 'docs')
const FIRST_PAGE = path.join(DOCS, 'dtc-recipe.md')
const PAGES_DIR = path.join(DOCS, 'dtc-recipe')

/** The recipe's pages in its order: the first page, then the pages its step list links to. */
function recipePages() {
  const first = fs.readFileSync(FIRST_PAGE, 'utf8')
  // The step list: the first run of ordered-list items outside code blocks ("1. [Install the kit](#1-install-the-kit)").
  const prose = first.replace(/^```[\s\S]*?^```$/gm, '')
  const list = /^(?:\d+\.[ \t].*\n)+/m.exec(prose)?.[0] ?? ''
  const linked = [...list.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)].map(([, href]) => path.resolve(DOCS, href))
  const pages = [...new Set(linked)].filter((page) => page !== FIRST_PAGE)
  const missing = pages.filter((page) => !fs.existsSync(page))
  const unlisted = fs
    .readdirSync(PAGES_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(PAGES_DIR, f))
    .filter((f) => !pages.includes(f))
  if (!pages.length || missing.length || unlisted.length) {
    const name = (/** @type {string[]} */ files) => files.map((f) => path.relative(DOCS, f)).join(', ')
    console.error(
      !pages.length
        ? 'docs/dtc-recipe.md has no step list linking to the pages of docs/dtc-recipe/.'
        : missing.length
          ? `The step list of docs/dtc-recipe.md links to missing pages: ${name(missing)}`
          : `Not in the step list of docs/dtc-recipe.md: ${name(unlisted)}`
    )
    process.exit(2)
  }
  return [FIRST_PAGE, ...pages]
}

/** Every code block of the recipe, page after page, in document order. */
const blocks = recipePages().flatMap((page) =>
  [...fs.readFileSync(page, 'utf8').matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map(([, lang, info, body]) => ({
    lang,
    file: /title="([^"]+)"/.exec(info)?.[1],
    body,
  }))
)

let problems = 0
let written = 0
let patched = 0
for (const block of blocks) {
  if (block.file) {
    console.log(`${check ? 'would write' : 'write'} ${block.file}`)
    written++
    if (!check) {
      fs.mkdirSync(path.dirname(path.join(target, block.file)), { recursive: true })
      fs.writeFileSync(path.join(target, block.file), block.body)
    }
  } else if (block.lang === 'diff') {
    const file = /^\+\+\+ b\/(.+)$/m.exec(block.body)?.[1]
    const run = spawnSync('patch', ['-p1', '--forward', '--no-backup-if-mismatch', ...(check ? ['--dry-run'] : [])], {
      cwd: target,
      input: block.body,
      encoding: 'utf8',
    })
    const ok = run.status === 0
    if (ok) patched++
    else problems++
    console.log(`${ok ? (check ? 'applies' : 'patched') : 'FAILED'} ${file}${ok ? '' : `\n${run.stdout}${run.stderr}`}`)
  }
}
console.log(`${written} file(s) ${check ? 'to write' : 'written'}, ${patched} diff(s) ${check ? 'apply' : 'applied'}${problems ? `, ${problems} failed` : ''}`)
if (problems) {
  console.error(`${problems} diff(s) did not apply: is this the starter's commit named in docs/dtc-recipe.md (How it was tested)?`)
  process.exit(1)
}
