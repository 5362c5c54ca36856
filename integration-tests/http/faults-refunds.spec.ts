import { BNPL_PROVIDER_ID } from "../helpers/store"
import { eventually, testPorts } from "../helpers/checkout"
import { CLIENT_TIMEOUT_MS, ITERATIONS, ok, pool } from "../helpers/faults"
import { faultSuite } from "../helpers/faults-suite"

/**
 * The fault suite (integration-tests/helpers/faults.ts says what it counts), refunds: two
 * refunds of a payment at once, half their answers lost.
 */

const ports = testPorts(10)

/** Two refunds of a payment at once, their answers lost. */
const SCENARIOS = 1

faultSuite({ ports, scenarios: SCENARIOS }, (suite) => {
  const { admin, api, op, paidOrder, sandbox, scenario } = suite

  // ------------------------------------------------------------------ refunds

  /** What the merchant refunds, twice at once, of each payment (euros). */
  const REFUND_EUROS = 20

  /** The refunds Medusa recorded for an order's BNPL payment: how many, and their cents. */
  async function medusaRefunds(orderId: string) {
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.refunds`,
      admin()
    )
    const refunds = (data.order.payment_collections ?? [])
      .flatMap((pc: any) => pc.payments ?? [])
      .filter((p: any) => p.provider_id === BNPL_PROVIDER_ID)
      .flatMap((p: any) => p.refunds ?? [])
    return { count: refunds.length, cents: Math.round(refunds.reduce((sum: number, r: any) => sum + Number(r.amount), 0) * 100) }
  }

  /**
   * How the answer of the first of a payment's two refunds to reach the service is lost: later
   * than the client waits while the service cannot be read (the plugin cannot find the refund:
   * Medusa fails it and deletes its record, the refund stays made at the service), or
   * unreadable (the plugin finds it by reading the payment again).
   */
  const REFUND_LOSSES = ["late, the service unreadable meanwhile", "unreadable"] as const

  /**
   * Plain 3x orders, paid (captured at acceptance), each refunded twice with the same amount at
   * the same moment through the admin API, one of the two answers lost (`REFUND_LOSSES`, each
   * per iteration). The merchant refunds again, once, each refund Medusa failed and does not
   * list. Per payment, the refunds Medusa recorded must add up to the refunds the service made.
   */
  it("two refunds of a payment at once, half their answers lost: Medusa records what the service refunded", () =>
    scenario("two refunds at once (answers lost)", async (row) => {
      // Placed one at a time (one guest e-mail), while the service works.
      const orders = await pool(ITERATIONS * REFUND_LOSSES.length, 1, async (i) => {
        row.operations++
        const { order, pid } = await paidOrder(sandbox(), 129.9)
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,*payment_collections.payments`, admin())
        const payment = (data.order.payment_collections ?? [])
          .flatMap((pc: any) => pc.payments ?? [])
          .find((p: any) => p.provider_id === BNPL_PROVIDER_ID)
        return { orderId: order.id as string, pid, paymentId: payment?.id as string | undefined, loss: REFUND_LOSSES[i % REFUND_LOSSES.length] }
      })
      let failed = 0
      let redone = 0
      // One payment at a time: the outage of reads is the sandbox's only fault then (cleared after).
      await pool(orders.length, 1, async (i) => {
        const { orderId, pid, paymentId, loss } = orders[i]
        if (!paymentId) {
          row.notes.push(`order ${orderId}: no BNPL payment to refund`)
          return
        }
        const refundPath = `/v1/payments/${pid}/refund`
        const late = loss === "late, the service unreadable meanwhile"
        sandbox().setFault({ match: { method: "POST", path: refundPath }, count: 1, ...(late ? { delayMs: CLIENT_TIMEOUT_MS + 500 } : { wrongShape: true }) })
        const refund = (label: string) =>
          op(row, "merchant", label, () => api.post(`/admin/payments/${paymentId}/refund`, { amount: REFUND_EUROS }, admin()))
        const calls = [refund(`refund 1 of 2 at once (one answer ${loss})`), refund(`refund 2 of 2 at once (one answer ${loss})`)]
        if (late) {
          // The other refund answers while the late one waits at the service; from then on the
          // payment cannot be read until the late one has given up.
          await Promise.race(calls)
          if (sandbox().requests.some((r: any) => r.path === refundPath && r.fault === "delay" && r.status === null)) {
            sandbox().setFault({ match: { method: "GET", path: `/v1/payments/${pid}` }, status: 503 })
          } else row.notes.push(`order ${orderId}: no refund answer was still late when the other answered`)
        }
        const atOnce = await Promise.all(calls)
        sandbox().clearFaults()
        // The merchant refunds again, once, each refund Medusa failed and does not list (the
        // admin shows the order's refunds): Medusa fails a refund after its refund step too (a
        // second refund of the order at once: "already has an existing active order change"),
        // and that step is never undone.
        const failures = atOnce.filter((a) => !ok(a)).length
        if (!failures) return
        failed += failures
        const again = Math.max(0, Math.min(failures, 2 - (await medusaRefunds(orderId)).count))
        if (again < failures) {
          row.notes.push(`order ${orderId}: ${failures - again} refund(s) failed in Medusa yet listed by it: not refunded again`)
        }
        for (let n = 0; n < again; n++) {
          redone++
          await refund("refund again after it failed")
        }
      })
      // The late answers have all arrived.
      await eventually(async () => sandbox().requests.every((r: any) => r.status !== null || r.fault === "drop"), 3_000).catch(() => undefined)
      const calls = sandbox().requests.filter((r: any) => r.method === "POST" && /^\/v1\/payments\/[^/]+\/refund$/.test(r.path))
      for (const { orderId, pid } of orders) {
        const medusa = await medusaRefunds(orderId)
        const made = (sandbox().payments.get(pid)?.refunds ?? []) as any[]
        const madeCents = made.reduce((sum, r) => sum + r.amount, 0)
        if (medusa.cents !== madeCents) {
          row.refunds_mismatched++
          row.notes.push(
            `REFUND MISMATCH: order ${orderId}, payment ${pid}: Medusa recorded ${medusa.count} refund(s), ${medusa.cents} cents; the service made ${made.length}, ${madeCents} cents`
          )
        } else if (medusa.cents !== 2 * REFUND_EUROS * 100) {
          row.notes.push(`order ${orderId}: ${medusa.cents} cents refunded in both, not the ${2 * REFUND_EUROS * 100} asked (two refunds)`)
        }
      }
      row.notes.push(
        `${orders.length} payment(s), ${calls.length} refund call(s) reached the service, ${calls.filter((r: any) => r.fault).length} answer(s) lost; ${failed} refund(s) failed in Medusa, ${redone} made again`
      )
    }))
})
