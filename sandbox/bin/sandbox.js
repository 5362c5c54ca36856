#!/usr/bin/env node
'use strict'

/**
 * Runs the BNPL sandbox until SIGINT/SIGTERM.
 * Env: PORT (default 4010), BNPL_SANDBOX_HOST (default 127.0.0.1), BNPL_SANDBOX_IPN_DELAY_MS (default 2000),
 * BNPL_SANDBOX_QUIET=1 to silence the request log.
 */

const { startSandbox } = require('../server')
const { ACTIVE_KEY, INACTIVE_KEY } = require('../merchants')

async function main() {
  const port = Number(process.env.PORT ?? 4010)
  const ipnDelayMs = Number(process.env.BNPL_SANDBOX_IPN_DELAY_MS ?? 2000)
  const sandbox = await startSandbox({
    port,
    host: process.env.BNPL_SANDBOX_HOST || '127.0.0.1',
    ipnDelayMs,
    quiet: process.env.BNPL_SANDBOX_QUIET === '1',
  })
  console.log(`BNPL sandbox listening on ${sandbox.url}`)
  console.log(`  API base URL:           ${sandbox.url} (service API under /v1)`)
  console.log(`  activated merchant key: ${ACTIVE_KEY}`)
  console.log(`  inactive merchant key:  ${INACTIVE_KEY}`)
  console.log(`  control API:            ${sandbox.url}/_sandbox/health, /_sandbox/requests, /_sandbox/faults, ...`)
  console.log(`  IPN delay after acceptance: ${ipnDelayMs} ms`)

  let stopping = false
  const stop = async (/** @type {string} */ signal) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, stopping the sandbox`)
    await sandbox.close()
    process.exit(0)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error) => {
  console.error('BNPL sandbox failed to start:', error)
  process.exit(1)
})
