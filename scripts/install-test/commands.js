'use strict'

/**
 * What the install test starts (scripts/install-test.js): its temporary folder (logs, the store,
 * the tarball), the commands it runs there, output in `<tmp>/logs/<name>.log`, and every process
 * and service, stopped in reverse order on success, on failure and on Ctrl-C.
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawn } = require('node:child_process')
const { stripAnsi, logTail, killGroup, startedHere } = require('../lib/processes')
const { say, seconds } = require('./checks')

/**
 * Everything started (the temporary folder, PostgreSQL, the sandbox, commands), stopped in
 * reverse order: on success, on failure and on Ctrl-C; the folder removed unless --keep.
 */
const running = startedHere()
/** The run's settings (--keep, --verbose) and its temporary folder once made. */
const session = { keep: false, verbose: false, interrupted: false, /** @type {string} */ tmp: '' }

/** Makes the temporary folder (`prefix` + random, under os.tmpdir()), removed at the end unless --keep. */
function workFolder(/** @type {string} */ prefix) {
  session.tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)))
  running.add({
    stop: () => (session.keep ? say(`kept ${session.tmp} (--keep)`) : fs.rmSync(session.tmp, { recursive: true, force: true })),
    kill: () => session.keep || fs.rmSync(session.tmp, { recursive: true, force: true }),
  })
  return session.tmp
}

function logPath(/** @type {string} */ name) {
  const dir = path.join(session.tmp, 'logs')
  fs.mkdirSync(dir, { recursive: true })
  return path.join(dir, `${name}.log`)
}

/**
 * Runs a command to completion, output in `<tmp>/logs/<name>.log` (its tail in the error).
 * @param {string} name @param {string} command @param {string[]} commandArgs
 * @param {{cwd: string, env?: NodeJS.ProcessEnv, timeoutMs?: number}} options
 * @returns {Promise<string>} its standard output
 */
function run(name, command, commandArgs, { cwd, env = process.env, timeoutMs = 900_000 }) {
  const logFile = logPath(name)
  const out = fs.openSync(logFile, 'w')
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const tracked = running.child(child)
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs)
    /** @type {Buffer[]} */
    const stdout = []
    const write = (/** @type {Buffer} */ chunk) => {
      fs.writeSync(out, chunk)
      if (session.verbose) process.stdout.write(chunk)
    }
    child.stdout.on('data', (chunk) => {
      stdout.push(chunk)
      write(chunk)
    })
    child.stderr.on('data', write)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      tracked.forget()
      fs.closeSync(out)
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'))
      // (no tail when the folder is gone: stopped on a signal)
      reject(new Error(`\`${[command, ...commandArgs].join(' ')}\` in ${cwd} failed (${signal ?? `exit ${code}`}); last lines of ${logFile}:\n${logTail(logFile)}`))
    })
  })
}

/**
 * Starts `run(...)` in the background: a promise of `{ok, output, seconds}` that never rejects
 * (collected later by a check).
 * @param {Parameters<typeof run>} runArgs
 */
function runInBackground(...runArgs) {
  const t = Date.now()
  return run(...runArgs).then(
    (output) => ({ ok: true, output, seconds: seconds(t) }),
    (error) => ({ ok: false, output: error instanceof Error ? error.message : String(error), seconds: seconds(t) })
  )
}

/**
 * A Medusa log as `{level, message}` lines: plain (`info:    message`, development) or JSON
 * (`{"level":"info","message":...}`, production).
 * @param {string} file
 */
function readMedusaLog(file) {
  return stripAnsi(fs.readFileSync(file, 'utf8'))
    .split('\n')
    .map((line) => {
      if (line.startsWith('{')) {
        try {
          const entry = JSON.parse(line)
          return { level: String(entry.level ?? ''), message: String(entry.message ?? '') + (entry.stack ? `\n${entry.stack}` : '') }
        } catch {}
      }
      const m = /^(error|warn|info|http|verbose|debug|silly):\s+(.*)$/.exec(line)
      return m ? { level: m[1], message: m[2] } : { level: '', message: line }
    })
}

module.exports = { running, session, workFolder, logPath, run, runInBackground, readMedusaLog }
