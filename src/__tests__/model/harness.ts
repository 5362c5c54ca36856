import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { settleBnplPaymentsAt } from "../../jobs/settle-bnpl-payments"
import retryBnplMessages from "../../jobs/retry-messages"
import closePaymentLinks from "../../jobs/close-payment-links"
import warnTriggerDeadlines from "../../jobs/warn-trigger-deadlines"
import { forgetProcessMemory } from "../../lib/infrastructure/process-memory"
import { forgetCachedSettings } from "../../modules/bnpl/settings"
import BnplProviderService from "../../providers/bnpl/service"
import * as notificationRoute from "../../api/hooks/bnpl/notification/route"
import fs from "node:fs"
import path from "node:path"
// Registers the plugin's handler on cancelOrderWorkflow.hooks.orderCanceled, as the plugin loader does.
import "../../workflows/hooks/order-canceled"
import { orderCanceledHooks } from "./core-flows-stand-in"
import { unwarnedByTheJob } from "./invariants"
import { MedusaStandIn, type MCart, type MOrder } from "./medusa"
import { memoryDb } from "./memory-db"
import { memoryModule } from "./memory-module"

export const LIVE_KEY = "sk_live_model_00000000000000000000"
export const TEST_KEY = "sk_test_active_0000000000000000"
/** The model's clock starts here every sequence (a Friday morning). */
export const START = Date.parse("2026-11-27T09:00:00.000Z")

export type Config = { autoCapture: boolean; triggerOn: "shipment" | "fulfillment" }
export type Plan = "3x" | "pay at shipment"

/** Every subscriber of the plugin (src/subscribers), as Medusa's loader finds them. */
const SUBSCRIBERS: { default: any; config: { event: string | string[] } }[] = fs
  .readdirSync(path.join(__dirname, "../../subscribers"))
  .filter((f) => /\.ts$/.test(f))
  .map((f) => require(path.join(__dirname, "../../subscribers", f)))

/** A logger that keeps what it is told (the trace of a failing sequence), and every error whole (`errors`). */
function keptLogger(lines: string[], errors: string[]) {
  const keep = (level: string) => (message: unknown) => {
    lines.push(`${level}: ${String(message).slice(0, 300)}`)
    if (lines.length > 400) lines.shift()
    if (level === "error") errors.push(String(message))
  }
  return { warn: keep("warn"), info: keep("info"), error: keep("error"), debug: () => {}, log: keep("log") } as any
}

/**
 * The real system of the model: the plugin's real provider, subscribers, hook, jobs, workflows
 * and notification route, over the in-memory database and message store, Medusa's side
 * (medusa.ts) and the service's sandbox over HTTP. One per sequence; the sandbox is shared and
 * reset. The clock is the test's (jest fake timers faking Date only): `advance(ms)` moves it.
 */
export class Harness {
  readonly db = memoryDb()
  readonly log: string[] = []
  /** Every error the plugin logged (the deadline job's "passed" errors are counted from it). */
  readonly errors: string[] = []
  readonly logger = keptLogger(this.log, this.errors)
  readonly options: Record<string, any>
  readonly module: ReturnType<typeof memoryModule>
  readonly provider: BnplProviderService
  readonly medusa: MedusaStandIn
  readonly container: any
  /** Errors the plugin threw that are programming errors (a TypeError reaching Medusa). */
  readonly programmingErrors: string[] = []
  /** Pids of forged notifications (none was ever made by the service). */
  readonly forgedPids: string[] = []
  /** Service payments of what orders owe on collections of their own (OrderOwes). */
  readonly owedPids: string[] = []
  /** Passed deadlines of payments not started that a run of the deadline job did not warn (invariant 12). */
  readonly unwarned: string[] = []
  /** What each command did, for the report. */
  readonly trace: string[] = []
  /** How long each command took (ms): where a sequence's time goes. */
  readonly timings: [string, number][] = []
  now = START

  constructor(
    readonly sandbox: any,
    readonly config: Config
  ) {
    forgetCachedSettings()
    forgetProcessMemory()
    sandbox.reset()
    jest.setSystemTime(this.now)
    this.options = {
      apiUrl: sandbox.url,
      apiKey: LIVE_KEY,
      testApiUrl: sandbox.url,
      testApiKey: TEST_KEY,
      mode: "live",
      backendUrl: "http://localhost:9000",
      returnUrl: "http://localhost:8000/checkout/bnpl-return",
      autoCapture: config.autoCapture,
      triggerOn: config.triggerOn,
      plans: [{ installments_count: 3 }, { installments_count: 3, payAtShipment: true }],
    }
    // The payment module's container gives the provider only its logger and connection.
    const injected = { logger: this.logger, __pg_connection__: this.db.knex }
    this.provider = new BnplProviderService(injected as any, this.options as any)
    this.module = memoryModule(injected, this.options as any)
    const subscribers: Record<string, any[]> = {}
    for (const s of SUBSCRIBERS) {
      const events = Array.isArray(s.config.event) ? s.config.event : [s.config.event]
      for (const e of events) (subscribers[e] ??= []).push(s.default)
    }
    this.medusa = new MedusaStandIn(
      this.guarded(this.provider),
      this.db,
      subscribers,
      { orderCanceled: orderCanceledHooks() },
      () => sandbox.requests.length
    )
    const container = createMedusaContainer()
    container.register({
      logger: asValue(this.logger),
      __pg_connection__: asValue(this.db.knex),
      query: asValue(this.medusa.query()),
      bnpl: asValue(this.module),
      payment: asValue(this.medusa.paymentModule()),
      modelMedusa: asValue(this.medusa),
      // Medusa's own in-memory locking: what it serializes (the settle job's cart, the payment
      // a notification and a link's return both process) is serialized here too.
      locking: asValue(new InMemoryLockingProvider()),
    })
    this.container = container
    this.medusa.container = container
  }

  /** The provider as Medusa holds it; programming errors (TypeError...) it throws are noted. */
  private guarded(provider: BnplProviderService) {
    const note = (method: string) => (e: unknown) => {
      if (e instanceof TypeError || e instanceof ReferenceError || e instanceof RangeError) {
        this.programmingErrors.push(`${method}: ${(e as Error).stack?.split("\n").slice(0, 3).join(" | ")}`)
      }
      throw e
    }
    return new Proxy(provider as any, {
      get: (target, key) => {
        const v = target[key]
        return typeof v === "function" ? (...args: any[]) => v.apply(target, args).catch(note(String(key))) : v
      },
    })
  }

  advance(ms: number) {
    this.now += ms
    jest.setSystemTime(this.now)
  }

  note(line: string) {
    this.trace.push(line)
  }

  // ---------------------------------------------------------------- lookups the commands share

  /** The i-th of the carts `when` accepts (all carts by default). */
  cart(i: number, when: (c: MCart) => boolean = () => true): MCart | undefined {
    const carts = this.medusa.carts.filter(when)
    return carts.length ? carts[i % carts.length] : undefined
  }

  /** The i-th of the orders `when` accepts (all orders by default). */
  order(i: number, when: (o: MOrder) => boolean = () => true): MOrder | undefined {
    const orders = this.medusa.orders.filter(when)
    return orders.length ? orders[i % orders.length] : undefined
  }

  /** The cart's payment at the service: its latest, or the one before (an old page). */
  pidOf(cart: MCart, which: "current" | "previous" = "current"): string | undefined {
    return which === "current" ? cart.pids.at(-1) : (cart.pids.at(-2) ?? cart.pids.at(-1))
  }

  servicePayment(pid: string): any {
    return this.sandbox.payments.get(pid)
  }

  // ---------------------------------------------------------------- what the shop and the jobs do

  /** Create a cart and choose a plan (Medusa's createPaymentSessions over the provider). */
  async checkout(amount: number, plan: Plan) {
    const cart = this.medusa.createCart(amount)
    await this.choosePlan(cart, plan)
    return cart
  }

  async choosePlan(cart: MCart, plan: Plan) {
    const session = await this.medusa.createPaymentSessions(cart.collection, {
      installments_count: 3,
      ...(plan === "pay at shipment" ? { pay_at_shipment: true } : {}),
      checkout: { cart_id: cart.id, email: cart.email },
    })
    if (session.data.bnpl_payment_id) cart.pids.push(session.data.bnpl_payment_id)
  }

  /** The service's notification, through the plugin's route as Medusa serves it. */
  async notify(pid: string, token: string | undefined) {
    const res: any = {
      statusCode: 0,
      body: undefined,
      status(code: number) {
        this.statusCode = code
        return this
      },
      json(body: unknown) {
        this.body = body
        return this
      },
    }
    try {
      await notificationRoute.GET({ scope: this.container, query: { pid, token }, body: {}, headers: {} } as any, res)
    } catch (e) {
      res.statusCode = 500 // Medusa's error handler
      res.body = { message: (e as Error).message }
    }
    return res as { statusCode: number; body: any }
  }

  /** The store token the plugin put in the payment's notification URL. */
  tokenOf(pid: string): string | undefined {
    const url = this.servicePayment(pid)?.ipn_callback_url
    return url ? (new URL(url).searchParams.get("token") ?? undefined) : undefined
  }

  async runSettleJob() {
    await settleBnplPaymentsAt(this.container, this.now)
  }

  /** The hourly bnpl-close-payment-links job: cancelled and expired links closed. */
  async runCloseLinksJob() {
    await closePaymentLinks(this.container, this.now)
  }

  async runRetryJob() {
    await retryBnplMessages(this.container)
  }

  async runWarnJob() {
    await warnTriggerDeadlines(this.container, this.now)
    // Invariant 12 as this run leaves it: a payment started later was not started now.
    this.unwarned.push(...unwarnedByTheJob(this))
  }

  /**
   * Before the invariants: the service healthy again, no read failing, and the jobs run as the
   * scheduler would over the next hours (each run past the longest backoff, 30 minutes; the
   * hourly deadline job first in each hour: the scheduler runs them in no set order).
   */
  async settleDown() {
    const started = performance.now()
    try {
      await this.settleDown_()
    } finally {
      this.timings.push(["settleDown", performance.now() - started])
    }
  }

  private async settleDown_() {
    this.sandbox.clearFaults()
    this.db.clearFaults()
    this.medusa.failOrderReads = 0
    for (let round = 0; round < 4; round++) {
      this.advance(61 * 60_000)
      await this.runWarnJob()
      await this.runRetryJob()
      await this.runSettleJob()
      await this.runCloseLinksJob()
      await this.runRetryJob()
    }
    await this.runWarnJob() // the hourly deadline job, after the last of them
    await this.runWarnJob() // and an hour later: nothing warns twice
  }
}
