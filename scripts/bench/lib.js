'use strict'

/**
 * Plumbing for scripts/bench.js: child processes (medusa CLI, in their own process group so
 * they can be stopped with everything they started), HTTP with timings, percentiles, RSS.
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawn } = require('node:child_process')

const ROOT = path.resolve(__dirname, '..', '..')
const MEDUSA_CLI = path.join(ROOT, 'node_modules', '@medusajs', 'cli', 'cli.js')

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set()

function killGroup(/** @type {import('node:child_process').ChildProcess} */ child, signal = 'SIGTERM') {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {}
  }
}

function waitForExit(/** @type {import('node:child_process').ChildProcess} */ child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** Stops a child's process group: SIGTERM, then SIGKILL after `graceMs`. */
async function stopChild(/** @type {import('node:child_process').ChildProcess} */ child, graceMs = 8000) {
  killGroup(child, 'SIGTERM')
  if (!(await waitForExit(child, graceMs))) {
    killGroup(child, 'SIGKILL')
    await waitForExit(child, 2000)
  }
  children.delete(child)
}

/** Synchronous last resort (process 'exit'): kills every child group still running. */
function killAllNow() {
  for (const child of children) killGroup(child, 'SIGKILL')
}

/**
 * Starts the medusa CLI (`args`) in `cwd`, output to `logFile`. Detached: its own process group.
 * @param {string[]} args @param {{cwd: string, env: NodeJS.ProcessEnv, logFile: string}} options
 */
function spawnMedusa(args, { cwd, env, logFile }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, [MEDUSA_CLI, ...args], { cwd, env, stdio: ['ignore', log, log], detached: true })
  fs.closeSync(log)
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** Runs a medusa CLI command to completion; rejects with the log's tail on failure. */
function runMedusa(args, options) {
  const started = Date.now()
  const child = spawnMedusa(args, options)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve((Date.now() - started) / 1000)
      const tail = fs.existsSync(options.logFile) ? fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-40).join('\n') : ''
      reject(new Error(`medusa ${args.join(' ')} failed (${signal ?? `exit ${code}`}); log: ${path.relative(ROOT, options.logFile)}\n${tail}`))
    })
  })
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms))

/** Waits for `url` to answer 200 while `child` runs. */
async function waitForHealth(url, child, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
      throw new Error(`medusa exited before answering ${url}; log: ${path.relative(ROOT, logFile)}\n${tail}`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
      if (response.status === 200) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; log: ${path.relative(ROOT, logFile)}`)
    await sleep(500)
  }
}

class HttpError extends Error {
  constructor(method, url, status, body) {
    super(`${method} ${url} -> ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`.slice(0, 2000))
    this.status = status
    this.body = body
  }
}

/**
 * A JSON HTTP client on `baseUrl` (Node's fetch: keep-alive). Every call resolves
 * `{status, data, ms}` (ms: from sending to the whole body read) or throws HttpError on >= 400.
 */
function httpClient(baseUrl, defaultHeaders = {}) {
  async function call(method, url, body, headers = {}) {
    const started = performance.now()
    const response = await fetch(baseUrl + url, {
      method,
      headers: { ...defaultHeaders, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    })
    const text = await response.text()
    const ms = performance.now() - started
    let data = text
    try {
      data = text ? JSON.parse(text) : null
    } catch {}
    if (response.status >= 400) throw new HttpError(method, url, response.status, data)
    return { status: response.status, data, ms }
  }
  return {
    get: (url, headers) => call('GET', url, undefined, headers),
    post: (url, body = {}, headers) => call('POST', url, body, headers),
    delete: (url, headers) => call('DELETE', url, undefined, headers),
  }
}

/** Nearest-rank percentile of numbers (p in 0..100). */
function percentile(values, p) {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]
}

/** Runs `task(item, index)` over `items` with at most `concurrency` at once; results in order. */
async function mapLimit(items, concurrency, task) {
  const results = new Array(items.length)
  let next = 0
  async function worker() {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

/** Resident set size (now, and peak: VmHWM) in bytes of `pid` and its descendants (Linux /proc). */
function treeRss(pid) {
  const childrenOf = new Map()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (!childrenOf.has(ppid)) childrenOf.set(ppid, [])
      childrenOf.get(ppid).push(Number(entry))
    } catch {}
  }
  let total = 0
  let peak = 0
  let processes = 0
  const stack = [pid]
  while (stack.length) {
    const current = stack.pop()
    try {
      const status = fs.readFileSync(`/proc/${current}/status`, 'utf8')
      const match = /VmRSS:\s+(\d+) kB/.exec(status)
      if (match) {
        total += Number(match[1]) * 1024
        peak += Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? match[1]) * 1024
        processes++
      }
    } catch {}
    stack.push(...(childrenOf.get(current) ?? []))
  }
  return { bytes: total, peakBytes: peak, processes }
}

function machine() {
  const cpus = os.cpus()
  let model = cpus[0]?.model?.trim() || 'unknown CPU'
  return {
    cpu: model,
    cores: cpus.length,
    memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadavg: os.loadavg().map((l) => l.toFixed(2)).join(' '),
  }
}

module.exports = {
  ROOT,
  MEDUSA_CLI,
  children,
  spawnMedusa,
  runMedusa,
  stopChild,
  killAllNow,
  waitForHealth,
  httpClient,
  HttpError,
  percentile,
  mapLimit,
  treeRss,
  machine,
  sleep,
}
