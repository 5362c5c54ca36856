import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { BnplClient } from "../../client"
import { recordPayment } from "../../modules/bnpl/ledger"
import { forgetCachedSettings } from "../../modules/bnpl/settings"
import { operationFor } from "../../providers/bnpl/operation"
import type BnplProviderService from "../../providers/bnpl/service"
import { memoryDb } from "./memory-db"
import { suiteSandbox } from "./sandbox"

/**
 * What the review repros share (review-*.unit.spec.ts under providers/ and workflows/, and
 * one-read-one-lock): the sandbox with a live account, started for the suite; a store over the
 * in-memory database (memory-db.ts) with that account; a pay-at-shipment payment recorded as
 * the provider records it, and its order's Medusa payment; a customer's accepted payment through
 * the provider; a container over the store, of plain objects or Medusa's (what Medusa writes
 * around them: medusa-writes.ts).
 */

export const LIVE_KEY = "sk_live_review_0000000000000000"
export const quiet = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as any

/**
 * The sandbox (sandbox/server.js) with `key` as a live account, started before the suite's
 * tests (call it in the describe block) and closed after them. The object returned is the
 * sandbox's API (url, requests, payments, accept, reset, setFault...) once it has started.
 */
export const liveSandbox = (key = LIVE_KEY): any => suiteSandbox({ merchants: { [key]: { name: "Live Store" } } })

/**
 * A fresh store (settings cache forgotten, an empty in-memory database) with the live account
 * `key` at the sandbox: the provider's options, what Medusa injects into the provider, and the
 * options the bnpl module's `getOptions` answers.
 */
export function liveStore(live: { url: string }, key = LIVE_KEY) {
  forgetCachedSettings()
  const db = memoryDb()
  const providerOptions = {
    apiUrl: live.url,
    apiKey: key,
    mode: "live",
    backendUrl: "http://localhost:9000",
    returnUrl: "http://localhost:8000/checkout/bnpl-return",
  } as any
  const injected = { logger: quiet, __pg_connection__: db.knex } as any
  const getOptions = async (mode?: any) =>
    (await operationFor({ container: injected, providerOptions, logger: quiet }, mode)).options
  return { db, providerOptions, injected, getOptions }
}

/**
 * A pay-at-shipment payment (300 € in 3, nothing to pay today) created at the service, and
 * recorded in the ledger as the provider records it (session payses_1, cart cart_1): its id.
 */
export async function payAtShipmentPayment(
  live: { url: string },
  db: ReturnType<typeof memoryDb>,
  key = LIVE_KEY
): Promise<string> {
  const payment = await new BnplClient({ apiKey: key, baseUrl: live.url }).createPayment({
    payment: {
      purchase_amount: 30000,
      installments_count: 3,
      deferred: "trigger",
      deferred_description: "Nothing to pay today",
      return_url: "http://localhost:8000/r",
    },
  } as any)
  await recordPayment(db.knex, {
    bnpl_payment_id: payment.id,
    session_id: "payses_1",
    cart_id: "cart_1",
    purchase_amount: 30000,
    currency_code: "eur",
    mode: "live",
    pay_at_shipment: true,
  })
  return payment.id
}

/** A fresh store (liveStore) that holds a pay-at-shipment payment (payAtShipmentPayment): the store, and the payment's id. */
export async function payAtShipmentStore(live: { url: string }, key = LIVE_KEY) {
  const store = liveStore(live, key)
  return { ...store, pid: await payAtShipmentPayment(live, store.db, key) }
}

/** The order's Medusa payment (pay_1) of the pay-at-shipment payment `pid`. */
export const medusaPayment = (pid: string) => ({
  id: "pay_1",
  provider_id: "pp_bnpl_bnpl",
  canceled_at: null,
  data: { bnpl_payment_id: pid, pay_at_shipment: true, installments_count: 3 },
})

/** The customer's 300 € in 3 through the provider (session payses_1, cart cart_1), accepted at the service. */
export async function acceptedSession(provider: BnplProviderService, live: any) {
  const session = await provider.initiatePayment({
    amount: 300,
    currency_code: "eur",
    data: { session_id: "payses_1", installments_count: 3, checkout: { cart_id: "cart_1", email: "a@b.test" } },
  } as any)
  live.accept(session.id, { notify: false })
  return session
}

/** The container's `locking`: runs each job at once (one process). */
const noLocking = { execute: async (_key: string, job: () => Promise<unknown>) => job() }

/** What every container over `db` holds: a quiet logger, the database, and `locking` at once; then `services`. */
const storeServices = (db: ReturnType<typeof memoryDb>, services: Record<string, unknown>) => ({
  logger: quiet,
  __pg_connection__: db.knex,
  locking: noLocking,
  ...services,
})

/** A container of plain objects over `db` (storeServices): what a job or subscriber resolves, by name. */
export function plainContainer(db: ReturnType<typeof memoryDb>, services: Record<string, unknown>) {
  const all = storeServices(db, services) as Record<string, unknown>
  return { resolve: (key: string) => all[key] } as any
}

/** Medusa's container (awilix) over `db` (storeServices), each service registered as a value. */
export function medusaContainer(db: ReturnType<typeof memoryDb>, services: Record<string, unknown>) {
  const container = createMedusaContainer()
  container.register(
    Object.fromEntries(Object.entries(storeServices(db, services)).map(([name, value]) => [name, asValue(value)]))
  )
  return container
}
