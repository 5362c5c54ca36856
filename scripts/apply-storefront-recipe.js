#!/usr/bin/env node
'use strict'

/**
 * Applies docs/dtc-recipe.md to a checkout of Medusa's DTC starter, exactly as written there:
 * each code block titled with a file (```tsx title="src/...") is written to that file, each
 * ```diff block is applied with `patch -p1`. Nothing else: installing the kit stays the recipe's
 * step 1 (pnpm). Used to test the recipe verbatim (scripts/dtc-recipe-test.js).
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
  'Usage: node scripts/apply-storefront-recipe.js <dtc-starter>/apps/storefront [--check]\n  Writes the new files and applies the diffs of docs/dtc-recipe.md to the starter.'
)
const target = process.argv.slice(2).find((a) => !a.startsWith('--'))
const check = args.has('--check')
if (!target || !fs.existsSync(path.join(target, 'src', 'lib', 'constants.tsx'))) {
  console.error('Give the starter\'s apps/storefront folder (it has src/lib/constants.tsx).')
  process.exit(2)
}

const recipe = fs.readFileSync(path.join(__dirname, '..', 'docs', 'dtc-recipe.md'), 'utf8')
const blocks = [...recipe.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map(([, lang, info, body]) => ({
  lang,
  file: /title="([^"]+)"/.exec(info)?.[1],
  body,
}))

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
  console.error(`${problems} diff(s) did not apply: is this the starter's commit named in docs/dtc-recipe.md?`)
  process.exit(1)
}
