import { z } from "@medusajs/framework/zod"
import { BnplAfterOrderCalls } from "./after-order"
import { BnplServiceError, isBnplError, type BnplErrorCode } from "./errors"
import { eligibilityResult } from "./schemas"
import { malformed, parse, type Call, type CallOptions } from "./transport"
import type { AccountInfo, EligibilityResult, EligibilityV2Query, FeePlan } from "./types"

const cents = z.number().int()
const count = z
  .number()
  .int()
  .nullish()
  .transform((v) => v ?? 0)

const feePlan = z.looseObject({
  installments_count: z.number().int().positive(),
  deferred_days: count,
  deferred_months: count,
  deferred_trigger_limit_days: count,
  min_purchase_amount: cents,
  max_purchase_amount: cents,
  allowed: z.boolean(),
  customer_fee_variable: count,
  customer_fee_fixed: count,
  customer_lending_rate: count,
  merchant_fee_variable: count,
  merchant_fee_fixed: count,
})

const account = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  can_create_payments: z.boolean(),
  minimum_purchase_amount: cents.nullish(),
  maximum_purchase_amount: cents.nullish(),
})

/**
 * What the service says of the account itself (the vendor's public API, not the contract): who
 * it is, its fee plans, and the newer eligibility interface. Each is optional for an account: a
 * 404 is `not_available` (an older account), never retried and never a broken store.
 */
export class BnplAccountCalls extends BnplAfterOrderCalls {
  /** `GET /v1/me`: the account's name and whether it may take payments. */
  async getAccount(call: CallOptions = {}): Promise<AccountInfo> {
    const answer = await this.accountCall({
      ...call,
      method: "get",
      path: "/v1/me",
      idempotent: true,
      operation: "account read",
    })
    const read = parse(account, answer, "account read")
    return {
      id: read.id,
      name: read.name ?? null,
      can_create_payments: read.can_create_payments,
      minimum_purchase_amount: read.minimum_purchase_amount ?? undefined,
      maximum_purchase_amount: read.maximum_purchase_amount ?? undefined,
    }
  }

  /**
   * `GET /v1/me/fee-plans?kind=general&only=all&deferred=true`: every online plan of the
   * account, deferred ones included, also those it may not sell (`allowed: false`).
   */
  async getFeePlans(call: CallOptions = {}): Promise<FeePlan[]> {
    const answer = await this.accountCall({
      ...call,
      method: "get",
      path: "/v1/me/fee-plans?kind=general&only=all&deferred=true",
      idempotent: true,
      operation: "fee plans read",
    })
    return parse(z.array(feePlan), answer, "fee plans read") as FeePlan[]
  }

  /**
   * `POST /v2/payments/eligibility`: every plan in one request (v1 needs one per deferral), one
   * result per query in query order, the same fields as v1.
   */
  async checkEligibilityV2(query: EligibilityV2Query, call: CallOptions = {}): Promise<EligibilityResult[]> {
    if (!query.queries.length) {
      throw new BnplServiceError("invalid_request", "Ask eligibility for at least one plan", { field: "queries" })
    }
    const answer = await this.accountCall({
      ...call,
      method: "post",
      path: "/v2/payments/eligibility",
      body: query,
      idempotent: true,
      // Not "eligibility": that name makes a bare 400 mean an inactive account (contract 4.1, v1 only).
      operation: "eligibility (v2)",
    })
    const results = parse(z.array(eligibilityResult), answer, "eligibility (v2)") as EligibilityResult[]
    if (results.length !== query.queries.length) {
      throw malformed("eligibility (v2)", `${results.length} results for ${query.queries.length} plans asked`)
    }
    results.forEach((result, i) => {
      const asked = query.queries[i]
      const same =
        result.installments_count === asked.installments_count &&
        (result.deferred_days ?? 0) === (asked.deferred_days ?? 0) &&
        (result.deferred_months ?? 0) === (asked.deferred_months ?? 0)
      if (!same) {
        throw malformed("eligibility (v2)", `result ${i} is for another plan than the one asked at that position`)
      }
    })
    return results
  }

  /**
   * A 404 on these endpoints is the account's lack of them, said as `not_available`. Any other
   * answer is told in our own words (its kind and HTTP status): these are the calls made for the
   * settings (Verify, a save, the settings page), where the server may not be the service, so
   * nothing it wrote is quoted back to the admin.
   */
  private async accountCall(call: Call): Promise<unknown> {
    try {
      return await this.request(call)
    } catch (e) {
      if (isBnplError(e) && e.status === 404) {
        throw new BnplServiceError(
          "not_available",
          `The ${call.operation} is not available for this service account (HTTP 404: an older account)`,
          { status: 404, serviceCode: e.serviceCode }
        )
      }
      throw isBnplError(e) ? inOwnWords(e, call.operation) : e
    }
  }
}

/** What an error answer meant, without the words of the server that gave it. */
function inOwnWords(error: BnplServiceError, operation: string): BnplServiceError {
  const { code, status } = error
  // No answer (our own description), a redirect or a rejected key: these messages quote nothing.
  if (!status || code === "unauthorized" || (status >= 300 && status < 400)) {
    return error
  }
  const told: Partial<Record<BnplErrorCode, string>> = {
    unavailable: `The instalment payment service is unavailable for the ${operation} (HTTP ${status}); try again later`,
    not_activated: `The merchant account cannot use the ${operation} yet (HTTP ${status}): finish the activation with the service`,
  }
  return new BnplServiceError(
    code,
    told[code] ?? `The instalment payment service refused the ${operation} (HTTP ${status})`,
    { status, serviceCode: error.serviceCode, field: error.field }
  )
}
