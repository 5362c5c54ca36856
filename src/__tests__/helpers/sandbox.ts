const { startSandbox } = require("../../../sandbox/server")

/**
 * What the specs that talk to the sandbox over HTTP share: the sandbox for a suite, and the
 * client's timeouts run by hand.
 */

/**
 * The sandbox (sandbox/server.js) for the suite's tests: started before them (call it in the
 * file or the describe block; port 0, no notification sent on its own, then `options`), closed
 * after them. The object returned is the sandbox's API (url, requests, payments, accept, reset,
 * setFault...) once it has started.
 */
export function suiteSandbox(options: Record<string, unknown> = {}): any {
  const sandbox: any = {}
  beforeAll(async () => {
    const started = await startSandbox({ port: 0, autoNotify: false, ...options })
    Object.defineProperties(sandbox, Object.getOwnPropertyDescriptors(started))
  })
  afterAll(async () => {
    await sandbox.close?.()
  })
  return sandbox
}

/**
 * BnplClient's `timer` option, run by hand: `running`, the expiry of each timeout not ended yet
 * (call one to make its attempt time out); `waits`, each timeout's length, in order.
 */
export function manualTimer() {
  const running = new Set<() => void>()
  const waits: number[] = []
  const timer = (ms: number, expire: () => void) => {
    waits.push(ms)
    running.add(expire)
    return () => void running.delete(expire)
  }
  return { running, waits, timer }
}
