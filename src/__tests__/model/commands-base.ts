import type fc from "fast-check"
import type { Harness } from "./harness"
import type { MOrder } from "./medusa"

/**
 * What every command of the model shares (commands.ts says what the model is): the model's
 * counts, refreshed after each command from the harness, and how a step's outcome is noted.
 */
export type Model = { carts: number; openCarts: number; orders: number; openOrders: number }
export type Cmd = fc.AsyncCommand<Model, Harness>

/** Runs a step, noting its outcome; what Medusa or the service refuses is part of the model. */
export async function attempt(h: Harness, what: string, step: () => Promise<unknown>) {
  try {
    const out = await step()
    h.note(`${what}: ${out === undefined ? "ok" : String(out)}`)
  } catch (e) {
    h.note(`${what}: refused (${(e as Error).message.slice(0, 160)})`)
  }
}

export abstract class Base implements Cmd {
  abstract check(m: Readonly<Model>): boolean
  abstract act(h: Harness): Promise<void>
  abstract toString(): string
  async run(m: Model, h: Harness) {
    const started = performance.now()
    await this.act(h)
    h.timings.push([this.constructor.name, performance.now() - started])
    m.carts = h.medusa.carts.length
    m.openCarts = h.medusa.carts.filter((c) => !h.medusa.orderOfCart(c.id)).length
    m.orders = h.medusa.orders.length
    m.openOrders = h.medusa.orders.filter(open).length
  }
}

export const open = (o: MOrder) => o.status !== "canceled"
export const live = (o: MOrder) => o.collection.payments.filter((p) => !p.canceled_at)
