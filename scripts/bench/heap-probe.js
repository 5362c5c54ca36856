'use strict'
/**
 * Preloaded into the benchmarked Medusa processes (NODE_OPTIONS `--expose-gc --require`): on
 * SIGUSR2, two full garbage collections, then the heap still in use is written to
 * `$BENCH_HEAP_DIR/<pid>.json`. That is the memory the process retains; RSS also counts what V8
 * took during a burst and has not handed back, which moves with load, not with what is kept.
 */
const fs = require('node:fs')
const path = require('node:path')

const dir = process.env.BENCH_HEAP_DIR

/** Written under another name, then renamed: the bench never reads a file half written. */
function writeWhole(file, text) {
  fs.writeFileSync(`${file}.partial`, text)
  fs.renameSync(`${file}.partial`, file)
}
if (dir && typeof global.gc === 'function') {
  process.on('SIGUSR2', () => {
    global.gc()
    global.gc()
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage()
    writeWhole(path.join(dir, `${process.pid}.json`), JSON.stringify({ heapUsed, external, arrayBuffers, rss, at: Date.now() }))
  })
}

/**
 * The CPU profile (the bench's "where a line-item update's time goes"): SIGTTIN starts V8's
 * sampling profiler, SIGTTOU stops it and writes `$BENCH_HEAP_DIR/<pid>.cpuprofile`. Neither
 * signal is sent by anything else to a process without a terminal.
 */
if (dir) {
  const inspector = require('node:inspector')
  let session
  process.on('SIGTTIN', () => {
    if (session) return
    session = new inspector.Session()
    session.connect()
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 250 }, () => session.post('Profiler.start'))
    )
  })
  process.on('SIGTTOU', () => {
    const current = session
    if (!current) return
    session = undefined
    current.post('Profiler.stop', (error, result) => {
      if (!error) writeWhole(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile))
      current.disconnect()
    })
  })
}
