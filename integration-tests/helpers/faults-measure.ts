import { Modules } from "@medusajs/framework/utils"
import { BNPL_PROVIDER_ID } from "./store"
import { eventually, TEST_API_KEY } from "./checkout"
import retryBnplMessages from "../../src/jobs/retry-messages"
import { reconcilePayments } from "../../src/workflows/reconciliation/utils/compare"
import { settleBnplPaymentsAt } from "../../src/jobs/settle-bnpl-payments"
import type { FaultJourneys } from "./faults-journeys"
import {
  canonical,
  charged,
  IPN_RETRY_DELAYS_MS,
  newRow,
  openAtService,
  placedOrder,
  refundedCents,
  short,
  type CartRun,
  type FaultContext,
  type Prepared,
  type Row,
} from "./faults"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { REQUIRED_ZERO } = require("../../scripts/lib/faults-table")

/**
 * How a fault scenario ends and is counted (integration-tests/helpers/faults.ts says what):
 * the service's recovery, the jobs run as the scheduler runs them, every order, payment and
 * sync read back and set against the sandbox's own record, and `scenario`, which records a
 * scenario's row whatever happens and asserts the required zeros.
 */
export function faultMeasures(ctx: FaultContext, journeys: FaultJourneys) {
  const { api, getContainer, sandbox, admin, rows } = ctx
  const { bnpl, complete, op, syncsOf } = journeys
  // ------------------------------------------------------------------ recovery

  /** The sandbox's own retries of failed notifications have all been made. */
  async function notificationsSettled(pids: string[]) {
    await eventually(async () =>
      pids.every((pid) => {
        const calls = sandbox().ipnCalls.filter((c: any) => c.pid === pid)
        const last = calls[calls.length - 1]
        return !last || (last.status >= 200 && last.status < 300) || last.attempt > IPN_RETRY_DELAYS_MS.length
      }), 15_000
    )
  }

  /**
   * The service is back. Notifications still failing are retried by the sandbox; customers
   * whose payment went through but who saw no order come back to the return page once; the
   * retry job runs as the scheduler runs it, each pending sync made due (its backoff of
   * minutes elapsed) — the automatic path, not the admin's "push again".
   */
  async function recover(row: Row, carts: CartRun[]) {
    sandbox().clearFaults()
    sandbox().setMerchant(TEST_API_KEY, { activated: true, revoked: false })
    await notificationsSettled(carts.map((c) => c.acceptedPid).filter(Boolean) as string[]).catch(() =>
      row.notes.push("the sandbox's notification retries did not finish in 15 s")
    )
    const orders = await ordersByPid()
    for (const cart of carts) {
      if (cart.acceptedPid && cart.expectOrder !== false && !orders.has(cart.acceptedPid)) {
        await op(row, "customer", "after recovery: back to the return page", complete(cart.cartId!), placedOrder)
      }
    }
    for (let round = 0; round < 3; round++) {
      const pending = await bnpl().listBnplServiceMessages({ status: "pending" })
      if (!pending.length) break
      await bnpl().updateBnplServiceMessages(
        pending.map((s: any) => ({ id: s.id, next_attempt_at: new Date(Date.now() - 1000) }))
      )
      await retryBnplMessages(getContainer())
    }
  }

  // ------------------------------------------------------------------ measuring

  /** Every order's BNPL payments, by service payment id, read through the admin API. */
  async function ordersByPid(): Promise<Map<string, Set<string>>> {
    const byPid = new Map<string, Set<string>>()
    for (const order of await allOrders()) {
      for (const payment of order.bnplPayments) {
        const pid = payment.data?.bnpl_payment_id
        if (!byPid.has(pid)) byPid.set(pid, new Set())
        byPid.get(pid)!.add(order.id)
      }
    }
    return byPid
  }

  async function allOrders(): Promise<{ id: string; status: string; bnplPayments: any[] }[]> {
    const orders: any[] = []
    for (let offset = 0; ; offset += 100) {
      const { data } = await api.get(
        `/admin/orders?fields=id,status,payment_collections.id,*payment_collections.payments,*payment_collections.payments.refunds&limit=100&offset=${offset}`,
        admin()
      )
      orders.push(...data.orders)
      if (data.orders.length < 100) break
    }
    return orders.map((o) => ({
      id: o.id,
      status: o.status,
      bnplPayments: (o.payment_collections ?? [])
        .flatMap((pc: any) => (pc.payments ?? []).map((p: any) => ({ ...p, collection_id: pc.id })))
        .filter((p: any) => p.provider_id === BNPL_PROVIDER_ID),
    }))
  }

  /** Which key made a payment at the service (the sandbox's owner of it), cached: it never changes. */
  const owners = new Map<string, string | null>()
  async function ownerOf(pid: string): Promise<string | null> {
    if (!owners.has(pid)) {
      const answer = await fetch(`${sandbox().url}/_sandbox/payments/${encodeURIComponent(pid)}`)
      owners.set(pid, answer.ok ? ((await answer.json()).merchant ?? null) : null)
    }
    return owners.get(pid)!
  }
  const accountName = (key: string | undefined) => (key && sandbox().merchants[key]?.name) || "an unknown key"

  /**
   * Service calls about a payment (read, edit, cancel, refund) made with another key than the
   * one that created it, over every request the sandbox logged in the scenario. Calls about
   * payments the service never made (forged ids) are not counted.
   */
  async function countOtherAccountCalls(row: Row) {
    for (const request of [...sandbox().requests]) {
      const id = /^\/v1\/payments?\/([^/]+)/.exec(request.path)?.[1]
      if (!id || id === "eligibility") continue
      const owner = await ownerOf(decodeURIComponent(id))
      if (!owner) continue
      const key = /^Service-Auth (\S+)$/.exec(request.headers.authorization ?? "")?.[1]
      if (key !== owner) {
        row.other_account_calls++
        row.notes.push(
          `OTHER ACCOUNT KEY: ${request.method} ${request.path} with the key of ${accountName(key)} (made by ${accountName(owner)})`
        )
      }
    }
  }

  const accepted = (pid: string) => ["in_progress", "paid"].includes(sandbox().payments.get(pid)?.state)

  /**
   * The settle job, as the scheduler runs it once every payment page has expired: payments no
   * order holds are cancelled or refunded (each attempt made due, as for the syncs).
   */
  async function settleJob() {
    const knex = getContainer().resolve("__pg_connection__") as any
    for (let round = 0; round < 3; round++) {
      await knex("bnpl_payment").where({ status: "to_settle" }).update({ next_attempt_at: new Date(Date.now() - 1000) })
      await settleBnplPaymentsAt(getContainer(), Date.now() + 3 * 3600_000)
    }
  }

  async function measure(row: Row, carts: CartRun[], fulfilled: Prepared[], answersLost = false) {
    sandbox().clearFaults()
    await settleJob()
    /** Payments this measure finds differing between the service and Medusa: the reconciliation must list each. */
    const differing = new Set<string>()
    // Duplicates: one order per cart, one payment per order.
    const orders = await allOrders()
    for (const cart of carts) {
      const placed = orders.filter((o) => o.bnplPayments.some((p) => cart.pids.includes(p.data?.bnpl_payment_id)))
      if (placed.length > 1) {
        row.duplicates += placed.length - 1
        row.notes.push(`DUPLICATE: ${placed.length} orders for cart ${cart.cartId}`)
      }
      // Every payment made for the cart the service charged: an order holds it, or it was refunded in full.
      const ordered = new Set(placed.flatMap((o) => o.bnplPayments.map((p) => p.data?.bnpl_payment_id)))
      for (const pid of new Set([...cart.pids, ...(cart.acceptedPid ? [cart.acceptedPid] : [])])) {
        const payment = sandbox().payments.get(pid)
        if (!payment || ordered.has(pid) || !charged(payment)) continue
        const refunded = payment.refunds.reduce((sum: number, r: any) => sum + r.amount, 0)
        if (refunded < payment.purchase_amount) {
          differing.add(pid)
          row.paid_without_order++
          row.notes.push(`PAID, NO ORDER, NOT REFUNDED: cart ${cart.cartId}, payment ${pid} (${payment.state})`)
        }
      }
    }
    // One payment per collection: an order may hold two (its checkout's, and a payment link's
    // for what it owed after an edit), never two for one amount.
    for (const order of orders) {
      const perCollection = new Map<string, number>()
      for (const p of order.bnplPayments) perCollection.set(p.collection_id, (perCollection.get(p.collection_id) ?? 0) + 1)
      for (const [collection, count] of perCollection) {
        if (count > 1) {
          row.duplicates += count - 1
          row.notes.push(`DUPLICATE: ${count} payments on order ${order.id}'s collection ${collection}`)
        }
      }
    }

    // Every order against the service and the ledger: an order that stands holds no money given
    // back behind the merchant's back; a cancelled one holds none of the customer's money.
    const knex = getContainer().resolve("__pg_connection__") as any
    const ledger: any[] = await knex("bnpl_payment").select("bnpl_payment_id", "status", "cart_id")
    const ledgerStatus = new Map(ledger.map((r) => [r.bnpl_payment_id, r.status]))
    const cartOf = new Map(
      ((await knex("order_cart").whereNull("deleted_at").select("order_id", "cart_id")) as any[]).map((r) => [r.order_id, r.cart_id])
    )
    for (const order of orders) {
      if (order.status !== "canceled") {
        for (const held of order.bnplPayments) {
          const pid = held.data?.bnpl_payment_id
          const payment = sandbox().payments.get(pid)
          const recorded = Math.round((held.refunds ?? []).reduce((sum: number, r: any) => sum + Number(r.amount), 0) * 100)
          const status = ledgerStatus.get(pid)
          const serviceRefunded = payment ? refundedCents(payment) : 0
          if (serviceRefunded !== recorded) differing.add(pid)
          if (status === "refunded" || status === "cancelled" || serviceRefunded > recorded) {
            row.order_holds_refunded++
            row.notes.push(
              `ORDER HOLDS A REFUNDED PAYMENT: order ${order.id} (${order.status}), payment ${pid}: ledger ${status ?? "-"}, service refunded ${serviceRefunded} cents, Medusa recorded ${recorded}`
            )
          }
        }
        continue
      }
      // Cancelled: the order's payments, and every payment its cart made (an order placed while
      // the service reviewed has no Medusa payment).
      const cartId = cartOf.get(order.id)
      const pids = new Set<string>([
        ...order.bnplPayments.map((p) => p.data?.bnpl_payment_id),
        ...ledger.filter((r) => cartId && r.cart_id === cartId).map((r) => r.bnpl_payment_id),
      ])
      for (const pid of pids) {
        const payment = sandbox().payments.get(pid)
        if (!payment) continue
        const holds = charged(payment) ? refundedCents(payment) < payment.purchase_amount : openAtService(payment)
        if (holds) {
          row.cancelled_not_refunded++
          row.notes.push(
            `CANCELLED, NOT REFUNDED: order ${order.id}, payment ${pid} (${payment.state}${payment.expired_at ? ", ended" : ""}, refunded ${refundedCents(payment)} of ${payment.purchase_amount} cents; ledger ${ledgerStatus.get(pid) ?? "-"})`
          )
        }
      }
    }

    // Authorizations: every authorized or captured session is for a payment the service
    // accepted, for the session's own amount.
    const sessions = await getContainer()
      .resolve(Modules.PAYMENT)
      .listPaymentSessions({ provider_id: BNPL_PROVIDER_ID } as any, {
        select: ["id", "status", "amount", "data", "authorized_at"],
      } as any)
    for (const session of sessions as any[]) {
      if (!session.authorized_at && !["authorized", "captured"].includes(session.status)) continue
      const pid = session.data?.bnpl_payment_id
      const payment = sandbox().payments.get(pid)
      const cents = Math.round(Number(session.amount) * 100)
      if (!payment || !accepted(pid) || payment.purchase_amount !== cents) {
        row.forged_authorized++
        row.notes.push(`FORGED/MISMATCHED AUTHORIZED: session ${session.id} for payment ${pid} (service: ${payment?.state ?? "unknown"}, ${payment?.purchase_amount ?? "-"} cents; session ${cents})`)
      }
    }

    // Shipping: the answers to delayed pushes have all arrived (drops never answer).
    await eventually(
      async () => sandbox().requests.every((r: any) => r.status !== null || r.fault === "drop"),
      3_000
    ).catch(() => undefined)
    for (const order of fulfilled) {
      const edits = sandbox().requests.filter((r: any) => r.path === `/v1/payment/${order.pid}`)
      const processed = (r: any) =>
        r.status >= 200 && r.status < 300 && (!r.fault || r.fault === "wrongShape" || r.fault === "delay")
      const acknowledged = (r: any) => processed(r) && !(answersLost && r.fault === "delay")
      const acknowledgedBodies = new Set<string>()
      const seen = new Set<string>()
      for (const edit of edits.filter(processed)) {
        const body = canonical(edit.body)
        if (acknowledgedBodies.has(body)) {
          row.duplicates++
          row.notes.push(`DUPLICATE: shipping information for ${order.pid} processed again after it was acknowledged`)
        } else if (seen.has(body)) {
          row.resent_after_lost_answer++
        }
        seen.add(body)
        if (acknowledged(edit)) acknowledgedBodies.add(body)
      }
      const [latest] = await syncsOf(order.orderId)
      const delivered =
        latest &&
        latest.status === "accepted" &&
        acknowledgedBodies.has(canonical({ payment: { shipping_info: latest.content } }))
      if (!delivered) {
        row.syncs_lost++
        row.notes.push(
          `SYNC LOST: order ${order.orderId}, shipping sync ${latest ? `${latest.status} after ${latest.attempts} attempt(s): ${short(latest.last_error)}` : "never recorded"}`
        )
      }
    }
    // The reconciliation (forced: every payment read now) lists every difference measured above,
    // or the payment is listed among the payments without an order.
    await reconcilePayments(getContainer(), { reads: 100_000, force: true })
    const compared = new Map<string, number>(
      ((await knex("bnpl_reconciliation").select("bnpl_payment_id", "drift_count")) as any[]).map((r) => [
        r.bnpl_payment_id,
        r.drift_count,
      ])
    )
    for (const pid of differing) {
      if (!compared.get(pid) && !["to_settle", "failed"].includes(ledgerStatus.get(pid))) {
        row.drift_not_listed++
        row.notes.push(`DRIFT NOT LISTED: payment ${pid} differs between the service and Medusa, the reconciliation lists nothing`)
      }
    }
  }

  /** Runs a scenario's body, records its row whatever happens, and asserts the required zeros. */
  async function scenario(name: string, body: (row: Row) => Promise<void>) {
    const row = newRow(name)
    const t = Date.now()
    rows.push(row)
    try {
      await body(row)
      await countOtherAccountCalls(row)
    } catch (e) {
      row.error = short((e as Error)?.stack ?? e)
      throw e
    } finally {
      row.seconds = Math.round((Date.now() - t) / 100) / 10
    }
    const required = Object.fromEntries(REQUIRED_ZERO.map((key: string) => [key, (row as any)[key]]))
    const zeros = Object.fromEntries(REQUIRED_ZERO.map((key: string) => [key, 0]))
    // The notes ride along so that a failure shows what happened.
    expect({ ...required, notes: row.notes }).toEqual({ ...zeros, notes: row.notes })
  }

  return { recover, ordersByPid, allOrders, ownerOf, accepted, settleJob, measure, scenario }
}
