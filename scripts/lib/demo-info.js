'use strict'

/**
 * What `npm run demo` leaves in .demo/demo.json, and whether that demo is up. Shared by
 * scripts/demo.js (`--checkout`) and scripts/demo-checkout.js.
 */

const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')
const DEMO_FILE = path.join(ROOT, '.demo', 'demo.json')

/** The demo's details, or null when no demo wrote them. */
function readDemoInfo(file = DEMO_FILE) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** True when `<backend_url>/health` answers 200 within `timeoutMs`. */
async function isUp(backendUrl, timeoutMs = 10_000) {
  try {
    const response = await fetch(`${backendUrl.replace(/\/+$/, '')}/health`, { signal: AbortSignal.timeout(timeoutMs) })
    return response.status === 200
  } catch {
    return false
  }
}

/** The running demo's details, or null (no .demo/demo.json, or its backend does not answer). */
async function runningDemo(file = DEMO_FILE) {
  const info = readDemoInfo(file)
  return info && info.backend_url && (await isUp(info.backend_url)) ? info : null
}

module.exports = { DEMO_FILE, readDemoInfo, isUp, runningDemo }
