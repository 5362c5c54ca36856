'use strict'

/**
 * Child processes for the scripts that run a store (demo, browser-test, install-test,
 * production-test, bench): started detached, in their own process group (medusa and npx fork),
 * output in a log file; stopped with everything they started (SIGTERM, then SIGKILL); a server's
 * /health polled until it answers; and `startedHere()`, the list of what a script started, all
 * stopped once on success, failure or a signal, and killed as a last resort when it exits anyway.
 */

const fs = require('node:fs')
const http = require('node:http')
const path = require('node:path')
const { spawn } = require('node:child_process')

const ROOT = path.resolve(__dirname, '..', '..')

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for `promise`, ignoring how it ends, for `ms` at the most (no `ms`: as long as it takes). */
async function settle(/** @type {Promise<unknown>} */ promise, /** @type {number} */ ms) {
  let timer
  const gaveUp = ms ? [new Promise((resolve) => (timer = setTimeout(resolve, ms)))] : []
  await Promise.race([Promise.resolve(promise).catch(() => undefined), ...gaveUp])
  clearTimeout(timer)
}

const stripAnsi = (/** @type {string} */ text) => text.replace(/\u001b\[[0-9;]*m/g, '')

/** The last `lines` lines of a log file, colour codes removed ('' when it is gone). */
function logTail(/** @type {string} */ file, lines = 40) {
  try {
    return stripAnsi(fs.readFileSync(file, 'utf8')).split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

/** A path as the scripts print it: relative to the repository when in it. */
function shown(/** @type {string} */ file) {
  const relative = path.relative(ROOT, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

const isRunning = (/** @type {ChildProcess | null | undefined} */ child) => Boolean(child) && child.exitCode === null && child.signalCode === null

/** Signals a detached child's whole process group (the child alone if that fails). */
function killGroup(/** @type {ChildProcess} */ child, /** @type {NodeJS.Signals} */ signal = 'SIGTERM') {
  if (!child?.pid || !isRunning(child)) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {}
  }
}

/** Resolves true once `child` has exited, false after `ms`. */
function waitForExit(/** @type {ChildProcess} */ child, /** @type {number} */ ms) {
  if (!isRunning(child)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** Stops a child's process group: SIGTERM, then SIGKILL after `graceMs`. */
async function stopGroup(/** @type {ChildProcess} */ child, graceMs = 8000) {
  if (!isRunning(child)) return
  killGroup(child, 'SIGTERM')
  if (await waitForExit(child, graceMs)) return
  killGroup(child, 'SIGKILL')
  await waitForExit(child, 3000)
}

/**
 * Starts `command` detached (its own process group), stdout and stderr into `logFile` (emptied
 * first, or appended to with `append`).
 * @param {string} command @param {string[]} args
 * @param {{cwd: string, env?: NodeJS.ProcessEnv, logFile: string, append?: boolean}} options
 */
function spawnLogged(command, args, { cwd, env = process.env, logFile, append = false }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const out = fs.openSync(logFile, append ? 'a' : 'w')
  try {
    return spawn(command, args, { cwd, env, stdio: ['ignore', out, out], detached: true })
  } finally {
    fs.closeSync(out)
  }
}

/**
 * Runs `command` to completion (as spawnLogged starts it), stopped with the rest of `running`
 * (a startedHere() list) meanwhile. Resolves the seconds it took; rejects with its log's last lines.
 * @param {string} command @param {string[]} args
 * @param {{cwd: string, env?: NodeJS.ProcessEnv, logFile: string, running?: ReturnType<typeof startedHere>, label?: string}} options
 * @returns {Promise<number>}
 */
function runLogged(command, args, { cwd, env, logFile, running, label = [command, ...args].join(' ') }) {
  const t = Date.now()
  const child = spawnLogged(command, args, { cwd, env, logFile })
  const tracked = running?.child(child)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      tracked?.forget()
      if (code === 0) return resolve((Date.now() - t) / 1000)
      reject(new Error(`${label} failed (${signal ?? `exit ${code}`}); log: ${shown(logFile)}\n${logTail(logFile)}`))
    })
  })
}

/** The HTTP status `url` answers with within 3 s; 0 when it does not answer. */
function getStatus(/** @type {string} */ url) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: 3000 }, (response) => {
      response.resume()
      resolve(response.statusCode)
    })
    request.on('error', () => resolve(0))
    request.on('timeout', () => {
      request.destroy()
      resolve(0)
    })
  })
}

/**
 * Polls `url` every `intervalMs` until it answers 200. Throws when `child` (if given) exits first,
 * with the last `tail` lines of `logFile`, or after `timeoutMs`.
 * @param {string} url
 * @param {{timeoutMs: number, intervalMs?: number, child?: ChildProcess, name?: string, logFile?: string, tail?: number}} options
 */
async function waitForHealth(url, { timeoutMs, intervalMs = 500, child, name = 'the server', logFile, tail = 40 }) {
  const log = logFile ? `; log: ${shown(logFile)}` : ''
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child && !isRunning(child)) {
      const lines = logFile && tail ? `\n${logTail(logFile, tail)}` : ''
      throw new Error(`${name} exited before ${url} answered (${child.signalCode ?? `exit ${child.exitCode}`})${log}${lines}`)
    }
    if ((await getStatus(url)) === 200) return
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${log}`)
    await sleep(intervalMs)
  }
}

/** Calls `handler(signal)` on SIGINT, SIGTERM and SIGHUP. */
function onStopSignals(/** @type {(signal: NodeJS.Signals) => unknown} */ handler) {
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => handler(signal))
}

/**
 * What a script started, to stop it all once (on success, failure or a signal):
 *
 *   const running = startedHere()
 *   running.child(child, {before})   a detached child process: its group gets SIGTERM, then
 *                                    SIGKILL; returns `{stop(), forget()}` (stop it earlier on
 *                                    its own; it ended on its own)
 *   running.add({stop, kill})        anything else: `stop` (async), `kill` (synchronous, optional)
 *   await running.stopAll()          the child processes first, all at once (they use the rest);
 *                                    then the rest, the latest added first
 *
 * stopAll() runs once: later calls get the same promise (`running.stopping` tells). When the
 * process exits with something not stopped yet (an exception, a process.exit elsewhere), child
 * process groups get SIGKILL and every `kill` runs: nothing may outlive the script.
 */
function startedHere() {
  /** @typedef {{stop: () => unknown, kill?: () => void, child?: ChildProcess}} Entry */
  /** @type {Entry[]} */
  const entries = []
  /** @type {Promise<void> | null} */
  let stopping = null

  const forget = (/** @type {Entry} */ entry) => {
    const i = entries.indexOf(entry)
    if (i >= 0) entries.splice(i, 1)
  }
  const stop = async (/** @type {Entry} */ entry) => {
    try {
      await entry.stop()
    } catch {}
    forget(entry) // only now: should the process exit meanwhile, killAll() still kills it
  }

  const running = {
    /** @param {{stop: () => unknown, kill?: () => void}} entry @returns {() => void} forgets it */
    add(entry) {
      entries.push(entry)
      return () => forget(entry)
    },
    /** @param {ChildProcess} child @param {{before?: () => void}} [options] `before`: runs when stopAll() stops it */
    child(child, { before } = {}) {
      /** @type {Entry} */
      const entry = {
        child,
        stop: () => {
          before?.()
          return stopGroup(child)
        },
        kill: () => killGroup(child, 'SIGKILL'),
      }
      entries.push(entry)
      return { child, stop: () => (forget(entry), stopGroup(child)), forget: () => forget(entry) }
    },
    get stopping() {
      return stopping !== null
    },
    stopAll() {
      stopping ??= (async () => {
        await Promise.all(entries.filter((e) => e.child).map(stop))
        while (entries.length) await stop(entries[entries.length - 1])
      })()
      return stopping
    },
    /** Synchronous last resort (process 'exit'). */
    killAll() {
      for (const entry of entries) if (entry.child) entry.kill?.()
      for (const entry of [...entries].reverse()) if (!entry.child) entry.kill?.()
    },
  }
  process.on('exit', () => running.killAll())
  return running
}

module.exports = {
  ROOT,
  sleep,
  settle,
  stripAnsi,
  logTail,
  isRunning,
  killGroup,
  waitForExit,
  stopGroup,
  spawnLogged,
  runLogged,
  getStatus,
  waitForHealth,
  onStopSignals,
  startedHere,
}
