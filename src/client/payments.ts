import { z } from "@medusajs/framework/zod"
import { BnplServiceError } from "./errors"
import { eligibilityResult, paymentAnswer, shippingInfoInput } from "./schemas"
import { hostedPageUrlProblem } from "./hosted-page-url"
import { BnplTransport, encodeId, malformed, parse, type CallOptions } from "./transport"
import type {
  CreatePaymentInput,
  EligibilityQuery,
  EligibilityResult,
  Payment,
  RefundInput,
  ShippingInfo,
} from "./types"

/** The contract's calls and the payment lifecycle (create, fetch, cancel, refund, shipping information). */
export class BnplPaymentCalls extends BnplTransport {
  /**
   * Eligibility of a purchase for one plan (a number of instalments) or several (an array of
   * counts sharing one deferral). As the contract says: a number in → one result out; an
   * array in, even of one → an array out, in request order.
   */
  checkEligibility(query: EligibilityQuery<number>, call?: CallOptions): Promise<EligibilityResult>
  checkEligibility(query: EligibilityQuery<number[]>, call?: CallOptions): Promise<EligibilityResult[]>
  async checkEligibility(
    query: EligibilityQuery,
    call: CallOptions = {}
  ): Promise<EligibilityResult | EligibilityResult[]> {
    const counts = query.installments_count
    if (Array.isArray(counts) && counts.length === 0) {
      throw new BnplServiceError("invalid_request", "Ask eligibility for at least one instalment count", {
        field: "payment.installments_count",
      })
    }
    const answer = await this.request({
      ...call,
      method: "post",
      path: "/v1/payments/eligibility",
      body: { payment: query },
      idempotent: true,
      operation: "eligibility",
    })
    // Parsed as what the answer claims to be, so a bad element reports its own field.
    const parsed: unknown = Array.isArray(answer)
      ? parse(z.array(eligibilityResult), answer, "eligibility")
      : parse(eligibilityResult, answer, "eligibility")
    if (Array.isArray(counts) !== Array.isArray(parsed)) {
      throw malformed(
        "eligibility",
        Array.isArray(counts) ? "an object where an array of results was asked" : "an array where one result was asked"
      )
    }
    const asked = Array.isArray(counts) ? counts : [counts ?? 3]
    const results = (Array.isArray(parsed) ? parsed : [parsed]) as EligibilityResult[]
    if (results.length !== asked.length) {
      throw malformed("eligibility", `${results.length} results for ${asked.length} instalment counts asked`)
    }
    results.forEach((result, i) => {
      if (result.installments_count !== undefined && result.installments_count !== asked[i]) {
        throw malformed(
          "eligibility",
          `result ${i} is for ${result.installments_count} instalments, ${asked[i]} was asked at that position`
        )
      }
    })
    return Array.isArray(counts) ? results : results[0]
  }

  /** Never retried: a repeated creation could make two payments. */
  async createPayment(input: CreatePaymentInput, call: CallOptions = {}): Promise<Payment> {
    if (input.payment.shipping_info) {
      validateShippingInfo(input.payment.shipping_info, "payment.shipping_info")
    }
    const answer = await this.request({
      ...call,
      method: "post",
      path: "/v1/payments",
      body: input,
      idempotent: false,
      operation: "payment creation",
    })
    // Without the hosted page there is nowhere to send the customer; and only to an http(s) page
    // on the service's hosts (hosted-page-url.ts): storefronts hand it to location.assign.
    const hostedPage = z.string().superRefine((url, ctx) => {
      const problem = hostedPageUrlProblem(url, this.baseUrl, this.urlRules)
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem })
      }
    })
    return parse(paymentAnswer.extend({ url: hostedPage }), answer, "payment creation") as Payment
  }

  async getPayment(paymentId: string, call: CallOptions = {}): Promise<Payment> {
    const answer = await this.request({
      ...call,
      method: "get",
      path: `/v1/payments/${encodeId(paymentId)}`,
      idempotent: true,
      operation: "payment fetch",
    })
    return parse(paymentAnswer, answer, "payment fetch") as Payment
  }

  /**
   * Cancelling twice leaves the payment cancelled: safe to repeat. The answer's body is not
   * shown by the contract and not needed (an empty one is fine; an unreadable one is retried
   * later like any failure, since a garbled answer may come from something that did not act).
   */
  async cancelPayment(paymentId: string, call: CallOptions = {}): Promise<void> {
    await this.request({
      ...call,
      method: "put",
      path: `/v1/payments/${encodeId(paymentId)}/cancel`,
      idempotent: true,
      operation: "payment cancellation",
    })
  }

  /** Never retried: a repeated refund could refund twice. The amount is always explicit. */
  async refundPayment(paymentId: string, refund: RefundInput, call: CallOptions = {}): Promise<Payment> {
    if (!Number.isInteger(refund.amount) || refund.amount <= 0) {
      throw new BnplServiceError(
        "invalid_request",
        `A refund amount must be a positive integer of cents, got ${refund.amount}`,
        {
          field: "amount",
        }
      )
    }
    const answer = await this.request({
      ...call,
      method: "post",
      path: `/v1/payments/${encodeId(paymentId)}/refund`,
      body: refund,
      idempotent: false,
      operation: "refund",
    })
    return parse(paymentAnswer, answer, "refund") as Payment
  }

  /**
   * Contract 4.2: `POST /v1/payment/<payment_id>` (singular `payment`). Setting the same
   * shipping information twice leaves the same state: safe to repeat.
   */
  async updateShippingInfo(paymentId: string, shippingInfo: ShippingInfo, call: CallOptions = {}): Promise<void> {
    validateShippingInfo(shippingInfo, "payment.shipping_info")
    await this.request({
      ...call,
      method: "post",
      path: `/v1/payment/${encodeId(paymentId)}`,
      body: { payment: { shipping_info: shippingInfo } },
      idempotent: true,
      operation: "shipping information update",
    })
  }
}

/** Contract 2.4 checked before sending, so a bad option is our error, not the service's. */
export function validateShippingInfo(info: ShippingInfo, prefix = "shipping_info"): void {
  const result = shippingInfoInput.safeParse(info)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = [prefix, ...issue.path].join(".").replace(/\.(\d+)/g, "[$1]")
    throw new BnplServiceError("invalid_request", `Invalid shipping information: ${field}: ${issue.message}`, {
      field,
    })
  }
}
