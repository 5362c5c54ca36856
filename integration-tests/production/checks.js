'use strict'

/**
 * The production-mode checks (run by scripts/production-test.js): two HTTP servers
 * (`MEDUSA_WORKER_MODE=server`) and one worker (`MEDUSA_WORKER_MODE=worker`) sharing Redis
 * and PostgreSQL, the sandbox as the service.
 *
 * Each check is `{name, run(ctx)}` and throws on failure. `ctx`:
 *   a, b          medusaClient (scripts/lib/store-api.js) for server A and server B (admin token set)
 *   worker        {kill(signal), start(), log()}  (log(): the worker's output so far)
 *   serverLogs()  both servers' output so far
 *   sandbox       the in-process sandbox (requests, setFault, clearRequests, ...)
 *   redis         {command(line)}
 *   seed          what scripts/seed-demo.ts wrote; stockLocationId
 *   orders        Map pid -> {orderId, label}: every order pushed, re-checked at the end
 *   say(line)
 */

const assert = require('node:assert/strict')
const { paidOrder, fulfillOrder, eventually } = require('../../scripts/lib/store-api')

const ELIGIBILITY_PATH = '/v1/payments/eligibility'

/** Service calls the sandbox carried out (faults that stop processing excluded). */
const processed = (entry) => !entry.fault || entry.fault === 'delay' || entry.fault === 'wrongShape'

/** Shipping-info edits of one service payment that the sandbox applied (answered 200, or still being answered). */
function acceptedEdits(sandbox, pid) {
  return sandbox.requests.filter(
    (r) => r.method === 'POST' && (r.path === `/v1/payment/${pid}` || r.path === `/v1/payments/${pid}`) && processed(r) && (r.status === 200 || r.status === null)
  )
}

const eligibilityCalls = (sandbox) => sandbox.requests.filter((r) => r.path === ELIGIBILITY_PATH).length

async function syncsOf(client, orderId) {
  const { data } = await client.admin('GET', `/admin/bnpl/orders/${orderId}`)
  return (data.bnpl_order.messages || []).filter((m) => m.kind === 'shipping_info')
}

/** Every sync of the order settled (none pending), at least one `accepted`. */
const settledSynced = (syncs) => syncs.length > 0 && syncs.every((s) => s.status !== 'pending') && syncs.some((s) => s.status === 'accepted')

const describeSyncs = (syncs) => syncs.map((s) => `${s.status}(attempts ${s.attempts}${s.last_error ? `, ${s.last_error}` : ''})`).join(', ')

const occurrences = (text, needle) => text.split(needle).length - 1

/** (a) The eligibility cache (Modules.CACHE on Redis) is shared: A asks the service, B does not. */
const sharedEligibilityCache = {
  name: 'eligibility cache shared between server A and server B',
  async run(ctx) {
    const { a, b, sandbox, redis } = ctx
    // An amount no other check uses, so nothing is cached for it yet.
    const amount = '187.35'
    const path = `/store/bnpl/eligibility?amount=${amount}&currency_code=eur`
    sandbox.clearRequests()
    const { data: fromA } = await a.store('GET', path)
    const afterA = eligibilityCalls(sandbox)
    assert.ok(fromA.eligibility.service_available, `A: service unavailable: ${JSON.stringify(fromA.eligibility)}`)
    assert.ok(afterA >= 1, 'A did not ask the service')
    const { data: fromB } = await b.store('GET', path)
    const afterB = eligibilityCalls(sandbox)
    assert.equal(afterB, afterA, `B asked the service again (${afterB - afterA} more eligibility request(s)): the cache is not shared`)
    assert.equal(fromB.eligibility.checked_at, fromA.eligibility.checked_at, 'B did not serve the answer A cached')
    assert.deepEqual(
      fromB.eligibility.plans.map((p) => [p.installments_count, p.eligible]),
      fromA.eligibility.plans.map((p) => [p.installments_count, p.eligible])
    )
    const keys = await redis.command('KEYS *bnpl:eligibility*')
    assert.match(keys, /^\*[1-9]/, `no bnpl:eligibility key in Redis (${keys})`)
    return `A: ${afterA} eligibility request(s) for ${amount} EUR; B: 0 more (same checked_at ${fromA.eligibility.checked_at}); ${keys.slice(1)} eligibility key(s) in Redis`
  },
}

/** (b) A fulfillment created on server A is pushed by the worker, once. */
const workerSyncsFulfillment = {
  name: 'fulfillment on server A synced by the worker, exactly once',
  async run(ctx) {
    const { a, b, sandbox, seed, stockLocationId, orders } = ctx
    const { order, pid } = await paidOrder(a, seed, { sandbox: sandbox.url, price: 129.9 })
    orders.set(pid, { orderId: order.id, label: '(b)' })
    const workerBefore = occurrences(ctx.worker.log(), 'Processing order.fulfillment_created')
    const serversBefore = occurrences(ctx.serverLogs(), 'Processing order.fulfillment_created')
    const started = Date.now()
    await fulfillOrder(a, order.id, stockLocationId)
    // Read through B: the sync log is in PostgreSQL, visible from any instance.
    const syncs = await eventually('the fulfillment is synced', async () => {
      const s = await syncsOf(b, order.id)
      return settledSynced(s) && s
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    assert.equal(acceptedEdits(sandbox, pid).length, 1, `the service got ${acceptedEdits(sandbox, pid).length} shipping edits`)
    assert.deepEqual(syncs.map((s) => s.status), ['accepted'], `sync log: ${describeSyncs(syncs)}`)
    await eventually('the worker logged the event', async () => occurrences(ctx.worker.log(), 'Processing order.fulfillment_created') > workerBefore, {
      timeoutMs: 5000,
    })
    assert.equal(occurrences(ctx.serverLogs(), 'Processing order.fulfillment_created'), serversBefore, 'a server processed the event')
    return `order ${order.id}: synced ${seconds} s after the fulfillment; 1 edit accepted by the service; event processed by the worker only`
  },
}

/**
 * (c) The worker dies (SIGKILL) and is started again, with two fulfillments in its hands:
 *   Y: created right before the kill (its event still queued behind X's: the event bus
 *      worker handles one event at a time): must end `synced`, applied exactly once;
 *   X: its push in flight (the service applied it; its answer, delayed, dies with the worker):
 *      must end `synced` without anyone acting (retry job, re-delivered event). Nothing in
 *      Medusa knows the service applied it, so it is sent once more after the restart (the edit
 *      sets the same state: at-least-once for an answer that never arrived), never more.
 * `workerRestart` runs the scenario and checks Y; `pushInFlightAtCrash` checks X.
 */
const DELAY_MS = 8000

const workerRestart = {
  name: 'fulfillment created right before the worker is killed: synced once after restart',
  async run(ctx) {
    const { a, sandbox, seed, stockLocationId, orders, worker, say } = ctx
    const x = await paidOrder(a, seed, { sandbox: sandbox.url, price: 349 })
    const y = await paidOrder(a, seed, { sandbox: sandbox.url, price: 89 })
    orders.set(x.pid, { orderId: x.order.id, label: '(c) X' })
    orders.set(y.pid, { orderId: y.order.id, label: '(c) Y' })
    sandbox.setFault({ match: { method: 'POST', path: `/v1/payment/${x.pid}` }, delayMs: DELAY_MS, count: 1 })
    await fulfillOrder(a, x.order.id, stockLocationId)
    await eventually('the worker pushes X', async () => acceptedEdits(sandbox, x.pid).length >= 1)
    await fulfillOrder(a, y.order.id, stockLocationId)
    const killedAt = Date.now()
    await worker.kill('SIGKILL')
    say(`  worker SIGKILLed: X's push in flight (applied by the service, answer delayed ${DELAY_MS / 1000} s), Y's fulfillment just created`)
    say(`  at the kill: X ${describeSyncs(await syncsOf(a, x.order.id)) || '(no sync yet)'}; Y ${describeSyncs(await syncsOf(a, y.order.id)) || '(no sync yet)'}; edits applied X ${acceptedEdits(sandbox, x.pid).length}, Y ${acceptedEdits(sandbox, y.pid).length}`)
    await worker.start()
    say(`  worker restarted ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill; waiting for the retry job and re-delivered events`)
    const settled = async (order) => {
      const s = await syncsOf(a, order.id)
      return settledSynced(s) && s
    }
    const ySyncs = await eventually('Y settles after the restart', () => settled(y.order), { timeoutMs: 150_000, intervalMs: 1000 })
    const ySeconds = ((Date.now() - killedAt) / 1000).toFixed(1)
    // X: resolved by the retry job (due at once, or after its backoff) and/or its re-delivered event.
    ctx.crash = { x, killedAt }
    ctx.crash.xSettled = eventually('X settles after the restart', () => settled(x.order), { timeoutMs: 150_000, intervalMs: 1000 }).then(
      (s) => ({ syncs: s, seconds: ((Date.now() - killedAt) / 1000).toFixed(1) }),
      (error) => ({ error })
    )
    const yAccepted = acceptedEdits(sandbox, y.pid).length
    assert.equal(yAccepted, 1, `Y: the service applied its shipping information ${yAccepted} times (sync log: ${describeSyncs(ySyncs)})`)
    return `Y (order ${y.order.id}) settled ${ySeconds} s after the kill; sync log ${describeSyncs(ySyncs)}; 1 edit applied`
  },
}

const pushInFlightAtCrash = {
  name: 'push in flight when the worker is killed: synced after restart, re-sent at most once',
  async run(ctx) {
    if (!ctx.crash) throw new Error('the worker restart scenario did not run')
    const { x, killedAt, xSettled } = ctx.crash
    const settled = await xSettled
    if (settled.error) throw settled.error
    // Let anything still queued (re-delivered event, next job tick) show up.
    await new Promise((r) => setTimeout(r, 3000))
    const final = await syncsOf(ctx.a, x.order.id)
    const edits = acceptedEdits(ctx.sandbox, x.pid)
    assert.ok(final.every((s) => s.status !== 'pending' && s.status !== 'failed'), `X sync log: ${describeSyncs(final)}`)
    assert.ok(edits.length >= 1 && edits.length <= 2, `X: the service applied its shipping information ${edits.length} times (sync log: ${describeSyncs(final)})`)
    if (edits.length === 2) {
      assert.ok(Date.parse(edits[1].at) > killedAt, 'X: sent twice before the worker was killed (a duplicate, not a re-send after a lost answer)')
      assert.deepEqual(edits[1].body, edits[0].body, 'X: the re-send carries other information')
    }
    ctx.orders.get(x.pid).allowed = edits.length
    const how = edits.length === 2 ? 're-sent once after the restart (the first answer died with the worker)' : 'not re-sent'
    return `X (order ${x.order.id}) settled ${settled.seconds} s after the kill; sync log ${describeSyncs(final)}; applied ${edits.length}x: ${how}`
  },
}

/** (d) Settings saved on A apply on B within a few seconds (no restart). */
const settingsApplyEverywhere = {
  name: 'settings saved on server A apply on server B',
  async run(ctx) {
    const { a, b } = ctx
    // A 404 here means the plugin's routes did not load on the built server: a failure, not a skip.
    const probe = await a.admin('GET', '/admin/bnpl/settings', undefined, { allow: [404] })
    assert.notEqual(probe.status, 404, "GET /admin/bnpl/settings answers 404: the plugin's admin routes did not load")
    const path = '/store/bnpl/eligibility?amount=100&currency_code=eur'
    const counts = (data) => data.eligibility.plans.map((p) => p.installments_count).sort((x, y) => x - y)
    const { data: beforeB } = await b.store('GET', path)
    assert.notDeepEqual(counts(beforeB), [4], 'B already offers only 4x before the change')
    const saved = Date.now()
    await a.admin('POST', '/admin/bnpl/settings', { plans: [{ installments_count: 4 }] })
    const { data: afterB } = await eventually(
      'B offers only the 4x plan',
      async () => {
        const answer = await b.store('GET', path)
        return counts(answer.data).join() === '4' && answer
      },
      { timeoutMs: 15_000, intervalMs: 250 }
    )
    const seconds = ((Date.now() - saved) / 1000).toFixed(1)
    assert.ok(afterB.eligibility.service_available)
    return `B offered [${counts(beforeB).join(', ')}]x before, [4]x ${seconds} s after the save on A`
  },
}

/** Run last: every order pushed during the run still has exactly one accepted edit. */
const noLateDuplicates = {
  name: 'no late duplicate pushes (every order re-checked at the end)',
  async run(ctx) {
    const lines = []
    for (const [pid, { orderId, label, allowed = 1 }] of ctx.orders) {
      const accepted = acceptedEdits(ctx.sandbox, pid).length
      assert.ok(accepted === allowed, `${label} order ${orderId}: ${accepted} edits applied (expected ${allowed})`)
      lines.push(`${label} ${accepted}`)
    }
    return `edits applied per order: ${lines.join(', ')}`
  },
}

module.exports = {
  checks: [sharedEligibilityCache, workerSyncsFulfillment, workerRestart, pushInFlightAtCrash, settingsApplyEverywhere, noLateDuplicates],
  acceptedEdits,
}
