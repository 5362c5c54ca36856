'use strict'

/**
 * Measurements for scripts/bench.js: percentiles, bounded concurrency, RSS of a process tree,
 * the machine. (Its child processes: scripts/lib/processes.js and medusa.js; its HTTP calls:
 * scripts/lib/store-api.js and ./store.js.)
 */

const fs = require('node:fs')
const path = require('node:path')
const os = require('node:os')

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

/** Every process's children, by parent pid, as /proc says now (a process gone while read is passed over). */
function childrenByParent() {
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
  return childrenOf
}

/** Resident set size (now, and peak: VmHWM) in bytes of `pid` and its descendants (Linux /proc). */
function treeRss(pid) {
  const childrenOf = childrenByParent()
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

/** The node processes of a process tree (the pid itself included). */
function nodeProcesses(pid) {
  const childrenOf = childrenByParent()
  const found = []
  const stack = [pid]
  while (stack.length) {
    const current = stack.pop()
    try {
      if (/node/.test(fs.readFileSync(`/proc/${current}/cmdline`, 'utf8'))) found.push(current)
    } catch {}
    stack.push(...(childrenOf.get(current) ?? []))
  }
  return found
}

/**
 * Heap in use after a full GC, summed over the tree's node processes (each runs
 * bench/heap-probe.js, preloaded): what the processes retain, apart from RSS's GC swings.
 */
async function heapAfterGc(pid, dir) {
  const pids = nodeProcesses(pid)
  const since = Date.now()
  for (const p of pids) process.kill(p, 'SIGUSR2')
  let heapUsed = 0
  let external = 0
  for (const p of pids) {
    const file = path.join(dir, `${p}.json`)
    for (let i = 0; i < 100; i++) {
      const probe = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined
      if (probe && probe.at >= since) {
        heapUsed += probe.heapUsed
        external += probe.external
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return { heapUsed, external, processes: pids.length }
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

module.exports = { percentile, mapLimit, treeRss, heapAfterGc, nodeProcesses, machine }
