/**
 * The few errors the service client throws. Each carries an actionable message and
 * nothing of the request (no headers, so never the API key).
 */
export type BnplErrorCode =
  | "not_activated"
  | "unauthorized"
  | "invalid_request"
  | "unavailable"
  | "malformed_answer"
  /** An optional endpoint this account does not have (a 404 on the endpoint, the payment itself found). */
  | "not_available"

export class BnplServiceError extends Error {
  readonly code: BnplErrorCode
  /** HTTP status the service answered, when it answered. */
  readonly status?: number
  /** The service's own error code (`errors[0].error_code` or `error_code`). */
  readonly serviceCode?: string
  /** The request field the service (or our own validation) objected to. */
  readonly field?: string

  constructor(
    code: BnplErrorCode,
    message: string,
    details: { status?: number; serviceCode?: string; field?: string } = {}
  ) {
    super(message)
    this.name = "BnplServiceError"
    this.code = code
    this.status = details.status
    this.serviceCode = details.serviceCode
    this.field = details.field
  }

  toJSON() {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      service_code: this.serviceCode,
      field: this.field,
    }
  }
}

export const isBnplError = (e: unknown): e is BnplServiceError => e instanceof BnplServiceError
