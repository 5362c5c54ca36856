import { BnplServiceError, isBnplError } from "./errors"
import { BnplPaymentCalls } from "./payments"
import { isTriggerApplied, paymentAnswer, paymentWithOrders } from "./schemas"
import { encodeId, parse, type Call, type CallOptions } from "./transport"
import type { OrderReference, OrderStatus, Payment, ServiceOrder, Tracking } from "./types"

/**
 * What the service's shop plugins tell it after the order (the vendor's public API, not the
 * contract): which shop order a payment belongs to, its status, its parcels' tracking. Each is
 * optional for an account: a 404 on the endpoint while the payment itself is found is
 * `not_available` (the account lacks the feature), never a missing payment nor a retryable failure.
 */
export class BnplAfterOrderCalls extends BnplPaymentCalls {
  /**
   * `POST /v1/payments/{id}/orders` (replace) with the one shop order a Medusa payment belongs
   * to: replacing with the same list leaves the same state, so it is safe to repeat (an append,
   * `PUT`, could attach it twice after a lost answer). Answers the service's record of it.
   */
  async attachOrder(paymentId: string, order: OrderReference, call: CallOptions = {}): Promise<ServiceOrder> {
    if (!order.merchant_reference) {
      throw new BnplServiceError("invalid_request", "An order reference is required", { field: "merchant_reference" })
    }
    const answer = await this.optional(paymentId, {
      ...call,
      method: "post",
      path: `/v1/payments/${encodeId(paymentId)}/orders`,
      body: { orders: [order] },
      idempotent: true,
      operation: "order attachment",
    })
    const payment = parse(paymentWithOrders, answer, "order attachment")
    const attached = payment.orders.find((o) => o.merchant_reference === order.merchant_reference)
    if (!attached) {
      throw new BnplServiceError(
        "malformed_answer",
        `The instalment payment service sent an unexpected answer to the order attachment: order ${order.merchant_reference} not in orders[]`
      )
    }
    return attached as ServiceOrder
  }

  /** `POST /v1/payments/{id}/orders/{merchant_reference}/status`: setting a status twice is the same state. */
  async setOrderStatus(
    paymentId: string,
    merchantReference: string,
    status: OrderStatus,
    call: CallOptions = {}
  ): Promise<void> {
    await this.optional(
      paymentId,
      {
        ...call,
        method: "post",
        path: `/v1/payments/${encodeId(paymentId)}/orders/${encodeId(merchantReference)}/status`,
        body: status,
        idempotent: true,
        operation: "order status update",
      },
      (payment) => !payment.orders || payment.orders.some((o) => o.merchant_reference === merchantReference)
    )
  }

  /**
   * `POST /v2/orders/{order_id}/shipment` (`orderId`: the service's order, from `attachOrder`).
   * Never retried here: a repeat could add the parcel twice; the durable record retries later.
   */
  async addTracking(paymentId: string, orderId: string, tracking: Tracking, call: CallOptions = {}): Promise<void> {
    await this.optional(
      paymentId,
      {
        ...call,
        method: "post",
        path: `/v2/orders/${encodeId(orderId)}/shipment`,
        body: tracking,
        idempotent: false,
        operation: "shipment tracking",
      },
      (payment) => !payment.orders || payment.orders.some((o) => o.id === orderId)
    )
  }

  /**
   * `POST /v1/payments/{id}/trigger` (no body): a pay-at-shipment payment starts, its first
   * instalment taken now. Not repeated blindly: a second trigger is refused by the service, so
   * after a refusal (or a lost answer retried later) the payment is fetched, and one already
   * triggered is the success it was. Answers the payment as the service now has it, its
   * `deferred_trigger_applied` a boolean whatever form the service gives it in.
   */
  async triggerPayment(paymentId: string, call: CallOptions = {}): Promise<Payment> {
    try {
      const answer = await this.request({
        ...call,
        method: "post",
        path: `/v1/payments/${encodeId(paymentId)}/trigger`,
        idempotent: false,
        operation: "payment trigger",
      })
      return parse(paymentAnswer, answer, "payment trigger") as Payment
    } catch (e) {
      if (!isBnplError(e) || e.code !== "invalid_request") {
        throw e
      }
      const payment = await this.getPayment(paymentId, { timeoutMs: call.timeoutMs, retries: 0 })
      // Applied: the service's timestamp (or true), read as a boolean by the schema.
      if (isTriggerApplied(payment.deferred_trigger_applied)) {
        return payment
      }
      throw e
    }
  }

  /**
   * A call to an endpoint an account may lack. On a 404, the payment is fetched: found (and
   * holding what the call is about, `knows`), the 404 was the endpoint's own → `not_available`;
   * else the 404 stands (no such payment or order). One extra request, only on a 404.
   */
  private async optional(
    paymentId: string,
    call: Call,
    knows: (payment: Payment) => boolean = () => true
  ): Promise<unknown> {
    try {
      return await this.request(call)
    } catch (e) {
      if (!isBnplError(e) || e.status !== 404) {
        throw e
      }
      const payment = await this.getPayment(paymentId, { timeoutMs: call.timeoutMs, retries: 0 }).catch(() => undefined)
      if (payment && knows(payment)) {
        throw new BnplServiceError(
          "not_available",
          `The ${call.operation} is not available for this service account (HTTP 404 on the endpoint, the payment exists)`,
          { status: 404, serviceCode: e.serviceCode }
        )
      }
      throw e
    }
  }
}
