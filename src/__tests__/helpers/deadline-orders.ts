/**
 * What the tests of the hourly deadline job (jobs/warn-trigger-deadlines.ts) share: a placed
 * pay-at-shipment order waiting to ship, as the ledger holds it, and a logger that keeps the
 * job's lines, which are what the job is for.
 */

/** The ledger row of a placed pay-at-shipment order not shipped yet (`order_<n>`, payment `payment_<n>`), its deadline `deadline`. */
export const awaitingShipment = (n: number, deadline: Date | null, fields: Record<string, unknown> = {}) => ({
  id: `bnplpay_${n}`,
  bnpl_payment_id: `payment_${n}`,
  session_id: `payses_${n}`,
  cart_id: `cart_${n}`,
  purchase_amount: 30000,
  currency_code: "eur",
  mode: "live",
  status: "ordered",
  order_id: `order_${n}`,
  pay_at_shipment: true,
  trigger_deadline: deadline,
  triggered_at: null,
  deadline_warned_at: null,
  deadline_passed_warned_at: null,
  deleted_at: null,
  ...fields,
})

/** A logger that keeps each warning and error as `warn: <line>` / `error: <line>`, in order. */
export function keptLines() {
  const logged: string[] = []
  const logger = {
    warn: (line: string) => logged.push(`warn: ${line}`),
    error: (line: string) => logged.push(`error: ${line}`),
    info: () => {},
    debug: () => {},
  }
  return { logger, logged }
}
