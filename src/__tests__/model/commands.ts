import fc from "fast-check"
import type { Plan } from "./harness"
import type { Cmd } from "./commands-base"
import { Checkout, ChoosePlan, Complete, Customer, Notify } from "./commands-checkout"
import { CancelFulfillment, CancelOrder, Capture, Deliver, Fulfil, Refund, Ship } from "./commands-shop"
import { AdvanceClock, FailNextOrderRead, Fault, RunJob, SwitchMode } from "./commands-jobs"
import { CancelLink, NewSessionOnOrder, OpenLinkAgain, OrderOwes, PayOwed, SendLink } from "./commands-doors"

/**
 * The commands of the model: what a customer, the shop (the merchant in Medusa's admin, and
 * Medusa itself), the service, the clock and faults can do to one payment's life. The model is
 * a plain object (how many carts and orders there are, so that a command about one has
 * something to act on); the real system is the harness. A command whose target is not there
 * in the real system (no order to ship...) does nothing; what Medusa or the service refuses
 * (an error) is part of the life too and only noted.
 *
 * The commands live by who does them: commands-checkout.ts (customer and checkout),
 * commands-shop.ts (the shop), commands-jobs.ts (jobs, clock, mode, faults), commands-doors.ts
 * (Medusa's other doors onto a payment: a session on a placed order, an order's own collection), on
 * commands-base.ts; this file re-exports them all and holds the generator.
 */
export type { Model } from "./commands-base"
export * from "./commands-checkout"
export * from "./commands-shop"
export * from "./commands-jobs"
export * from "./commands-doors"

// ---------------------------------------------------------------- the generator

const plan = fc.constantFrom<Plan>("3x", "pay at shipment")
/** Which cart or order a command is about: mostly the first, so that one life goes far. */
const ix = fc.constantFrom(0, 0, 0, 0, 1, 1, 2, 3)

/** The sequence's first command: a customer at checkout (every life starts there). */
export const firstCheckout: fc.Arbitrary<Cmd> = fc
  .tuple(fc.constantFrom(60, 300), plan)
  .map(([a, p]) => new Checkout(a, p))

/** The commands and how often each comes (an order's life needs several steps in a row). */
export const commandArbitraries: fc.Arbitrary<Cmd>[] = [
  ...Array(3).fill(fc.tuple(fc.constantFrom(60, 300), plan).map(([a, p]) => new Checkout(a, p))),
  fc.tuple(ix, plan).map(([c, p]) => new ChoosePlan(c, p)),
  ...Array(5).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<"accepts" | "refuses" | "is reviewed">(
          "accepts",
          "accepts",
          "accepts",
          "accepts",
          "refuses",
          "is reviewed"
        ),
        fc.constantFrom<"current" | "previous">("current", "current", "current", "previous")
      )
      .map(([c, a, w]) => new Customer(c, a, w))
  ),
  ...Array(5).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<Complete["failure"]>(
          "none",
          "none",
          "none",
          "none",
          "none",
          "after authorization",
          "after authorization, service down"
        )
      )
      .map(([c, f]) => new Complete(c, f))
  ),
  fc
    .tuple(
      ix,
      fc.constantFrom<Notify["kind"]>(
        "current",
        "current",
        "previous",
        "repeated",
        "repeated",
        "forged pid",
        "forged pid, no token"
      )
    )
    .map(([c, k]) => new Notify(c, k)),
  ix.map((o) => new CancelOrder(o)),
  ...Array(3).fill(ix.map((o) => new Fulfil(o))),
  ...Array(3).fill(ix.map((o) => new Ship(o))),
  ...Array(3).fill(
    fc
      .tuple(ix, fc.constantFrom<"shipped" | "not shipped">("shipped", "not shipped"))
      .map(([o, w]) => new Deliver(o, w))
  ),
  ix.map((o) => new CancelFulfillment(o)),
  ix.map((o) => new Capture(o)),
  ...Array(3).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<50 | 100 | "the rest">(50, 100, "the rest"),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(false, false, false, true)
      )
      .map(([o, a, t, s, l]) => new Refund(o, a, t, s, l))
  ),
  ...Array(2).fill(
    fc
      .constantFrom<RunJob["job"]>("settle", "settle", "retry", "retry", "warn", "close links")
      .map((j) => new RunJob(j))
  ),
  fc.constantFrom(2, 30, 70, 240, 27 * 1440).map((m) => new AdvanceClock(m)),
  fc.constant(new SwitchMode()),
  ...Array(2).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<Fault["endpoint"]>("fetch", "refund", "cancel", "trigger", "orders", "any", "plans"),
        fc.constantFrom<Fault["kind"]>(
          "503",
          "503, retry in an hour",
          "503, retry in an hour",
          "lost answer",
          "dropped"
        ),
        fc.integer({ min: 1, max: 2 })
      )
      .map(([c, e, k, n]) => new Fault(c, e, k, n))
  ),
  fc.constant(new FailNextOrderRead()),
  ...Array(2).fill(fc.tuple(ix, plan).map(([o, p]) => new NewSessionOnOrder(o, p))),
  ...Array(2).fill(fc.tuple(ix, fc.constantFrom(60, 90)).map(([o, a]) => new OrderOwes(o, a))),
  ...Array(2).fill(
    fc
      .tuple(ix, fc.constantFrom<PayOwed["notification"]>("sent", "sent", "lost", "returned", "both"))
      .map(([i, n]) => new PayOwed(i, n))
  ),
  ix.map((i) => new SendLink(i)),
  ix.map((i) => new CancelLink(i)),
  ix.map((i) => new OpenLinkAgain(i)),
]
