import { BnplClient, type BnplClientOptions } from "../client"
import { BnplServiceError } from "../errors"
import type { CreatePaymentInput, ShippingInfo } from "../types"
import { manualTimer, suiteSandbox } from "../../__tests__/helpers/sandbox"

/**
 * What the client's specs (client-*.unit.spec.ts) share: one sandbox per file, started by
 * `useSandbox()`, reset before each test; a client on it whose warnings are kept in `warnings`;
 * the requests the sandbox saw; timeouts run by hand; and a payment's inputs.
 */

export const ACTIVE_KEY = "sk_test_active_0000000000000000"
export const INACTIVE_KEY = "sk_test_inactive_000000000000000"
export const ELIGIBILITY = "/v1/payments/eligibility"

type Sandbox = {
  url: string
  requests: {
    method: string
    path: string
    query?: Record<string, string>
    headers: Record<string, string>
    body: any
    fault?: string
  }[]
  payments: Map<string, any>
  reset(): void
  close(): Promise<void>
  clearRequests(): void
  setFault(fault: Record<string, unknown>): void
  clearFaults(): void
  setMerchant(key: string, patch: Record<string, unknown>): void
  accept(id: string, options?: { notify?: boolean }): unknown
}

export let sandbox: Sandbox
export let warnings: string[]

/** The file's sandbox: started before its tests, closed after, reset (faults, merchants, requests) before each. */
export function useSandbox() {
  sandbox = suiteSandbox()
  beforeEach(() => {
    sandbox.reset()
    warnings = []
  })
}

const logger = { warn: (message: string) => void warnings.push(message) }

// No short timeout: the default 10 s is beyond jest's 5 s per test, so a slow answer on a busy
// machine never turns into a timeout. Tests of timeouts run the client's timer by hand (handTimer).
export function client(options: Partial<BnplClientOptions> = {}): BnplClient {
  return new BnplClient({
    apiKey: ACTIVE_KEY,
    baseUrl: sandbox.url,
    retryDelayMs: 5,
    maxRetryAfterMs: 2000,
    logger,
    ...options,
  })
}

/** The service calls the sandbox saw, optionally for one method and exact path. */
export const seen = (method?: string, path?: string) =>
  sandbox.requests.filter((r) => (!method || r.method === method) && (!path || r.path === path))

/** A hung service: answered after a minute, so never within a test (jest stops one at 5 s). */
export const HANG = { delayMs: 60_000 }

/**
 * The client's timeouts, run by hand (its `timer` option): an attempt times out when the test
 * says, once the sandbox holds it, never because a busy machine was slow. `waits`: each
 * attempt's timeout, in order.
 */
export function handTimer() {
  const { running, waits, timer } = manualTimer()
  /**
   * Runs `call` to a `HANG` path: each of its first `attempts` attempts times out once the sandbox
   * has it. A call that ends sooner is returned as it ended, for the test's checks to catch.
   */
  async function timeOut<T>(call: () => Promise<T>, attempts: number, method: string, path: string): Promise<T> {
    const before = seen(method, path).length
    const result = call()
    let settled = false
    result.then(
      () => (settled = true),
      () => (settled = true)
    )
    for (let i = 1; i <= attempts; i++) {
      while (!settled && seen(method, path).length < before + i) {
        await new Promise((resolve) => setImmediate(resolve))
      }
      if (settled) break
      expect(running.size).toBe(1) // the held attempt's; the others ended
      running.forEach((expire) => expire())
    }
    return result
  }
  return { timer, waits, timeOut }
}

/** The promise's rejection, asserted to be a BnplServiceError. */
export async function failure(promise: Promise<unknown>): Promise<BnplServiceError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(BnplServiceError)
    return error as BnplServiceError
  }
  throw new Error("expected the call to fail, it succeeded")
}

export const paymentInput = (payment: Partial<CreatePaymentInput["payment"]> = {}): CreatePaymentInput => ({
  payment: {
    purchase_amount: 30000,
    installments_count: 3,
    return_url: "https://shop.test/return?cart=c1",
    ...payment,
  },
  order: { merchant_reference: "order_1" },
})

export async function newPaymentId(accepted = false): Promise<string> {
  const payment = await client().createPayment(paymentInput())
  if (accepted) {
    sandbox.accept(payment.id, { notify: false })
  }
  sandbox.clearRequests()
  return payment.id
}

export const validShipping: ShippingInfo = {
  selected_options: [
    {
      title: "Colissimo Domicile",
      amount: 490,
      carrier: "Colissimo",
      express_delivery: false,
      shipping_method: "postal",
    },
  ],
  available_options: [
    { title: "Colissimo Domicile", amount: 490, carrier: "Colissimo", shipping_method: "postal" },
    { title: "Mondial Relay", amount: 390, shipping_method: "pickup_point" },
    { title: "Retrait en magasin", amount: 0, shipping_method: "pickup_store" },
  ],
}
