#!/usr/bin/env node
'use strict'

/**
 * The mutants the last `npm run mutation` left alive (Survived, NoCoverage), from its JSON report:
 * one line each, `file:line:column status mutator :: the line => the replacement`, and a count
 * per file. `node scripts/mutation/survivors.js [part of a file's path]`. The report's figures
 * and why each survivor is left are in docs/figures.md, "Mutation testing".
 */
const fs = require('node:fs')
const path = require('node:path')

const REPORT = path.resolve(__dirname, '../../reports/mutation/mutation.json')
const only = process.argv[2]
const report = JSON.parse(fs.readFileSync(REPORT, 'utf8'))
const perFile = []
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  if (only && !file.includes(only)) continue
  const lines = source.split('\n')
  const name = path.relative(path.resolve(__dirname, '../..'), path.resolve(file))
  const left = mutants
    .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
  for (const m of left) {
    const { line, column } = m.location.start
    const replacement = String(m.replacement ?? '').replace(/\s+/g, ' ')
    console.log(`${name}:${line}:${column} ${m.status} ${m.mutatorName} :: ${lines[line - 1].trim()} => ${replacement}`)
  }
  if (left.length) perFile.push(`${left.length}\t${name}`)
}
console.log(`\n${perFile.join('\n')}`)
