'use strict'

/**
 * A throwaway Redis (Debian's `redis-server`) on a free loopback port, for the production-mode
 * test (scripts/production-test.js). Nothing is persisted: no RDB snapshots, no AOF; the
 * working directory is a temporary one, deleted when stopped.
 */

const fs = require('node:fs')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')
const { spawn, spawnSync } = require('node:child_process')
const { findFreePort } = require('./postgres')

const START_TIMEOUT_MS = 15_000

/** Path of `redis-server`, or null. */
function findRedisServer() {
  for (const dir of (process.env.PATH || '').split(path.delimiter).concat(['/usr/bin', '/usr/sbin', '/usr/local/bin'])) {
    const candidate = path.join(dir, 'redis-server')
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {}
  }
  return null
}

/**
 * `redis-server`'s path, installing Debian's package with apt-get when it is missing and this
 * process runs as root. Returns `{path}` or `{path: null, reason}` (the caller decides to skip).
 * @param {{log?: (line: string) => void}} [options]
 */
function ensureRedisServer({ log = () => undefined } = {}) {
  const found = findRedisServer()
  if (found) return { path: found }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    return {
      path: null,
      reason: `redis-server is not installed${isRoot ? ' and apt-get is not available' : ' and this is not root (cannot apt-get install)'}: install it (Debian/Ubuntu: sudo apt-get install -y redis-server) or put it on PATH`,
    }
  }
  log('redis-server not found: apt-get update && apt-get install -y redis-server ...')
  const started = Date.now()
  const result = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const installed = findRedisServer()
  if (result.status !== 0 || !installed) {
    return { path: null, reason: `apt-get install redis-server failed (exit ${result.status}): ${(result.stderr || '').slice(-800)}` }
  }
  log(`installed redis-server (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return { path: installed }
}

/** Sends one inline command and resolves the first reply line (e.g. "+PONG"), or rejects. */
function command(port, line, timeoutMs = 1000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    let data = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('timeout'))
    }, timeoutMs)
    socket.on('connect', () => socket.write(`${line}\r\n`))
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8')
      if (data.includes('\r\n')) {
        clearTimeout(timer)
        socket.end()
        resolve(data.split('\r\n')[0])
      }
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/**
 * Starts `redis-server` on 127.0.0.1 and a free port; resolves once it answers PING.
 * Returns `{url, port, pid, command(line), stop()}`; `stop()` is idempotent.
 * @param {{binary: string, port?: number}} options
 */
async function startRedis({ binary, port }) {
  const chosenPort = await findFreePort(port)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bnpl-redis-'))
  const args = [
    '--port', String(chosenPort),
    '--bind', '127.0.0.1',
    '--protected-mode', 'yes',
    '--save', '',
    '--appendonly', 'no',
    '--dir', dir,
    '--daemonize', 'no',
    '--loglevel', 'warning',
  ]
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      fs.rmSync(dir, { recursive: true, force: true })
      throw new Error(`redis-server exited at start-up (${child.signalCode ?? `exit ${child.exitCode}`}):\n${output.slice(-2000)}`)
    }
    const reply = await command(chosenPort, 'PING').catch(() => null)
    if (reply === '+PONG') break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
      throw new Error(`redis-server did not answer PING on port ${chosenPort} within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }

  let stopping
  return {
    url: `redis://127.0.0.1:${chosenPort}`,
    port: chosenPort,
    pid: child.pid,
    /** One inline command (e.g. `DBSIZE`), its first reply line. @param {string} line */
    command: (line) => command(chosenPort, line),
    output: () => output.slice(-4000),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM')
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
          await exited
          clearTimeout(timer)
        }
        fs.rmSync(dir, { recursive: true, force: true })
      })()
      return stopping
    },
    /** Best effort, synchronous (for `process.on('exit')`). */
    killNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
}

module.exports = { ensureRedisServer, findRedisServer, startRedis }
