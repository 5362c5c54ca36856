import { MedusaError } from "@medusajs/framework/utils"
import { BnplServiceError } from "../../../client"
import { describeIneligibility, forTheStorefront, planUnavailable, SHOPPER_MESSAGES, shopperError } from "../errors"

describe("shopperError", () => {
  it.each([
    ["invalid_request", MedusaError.Types.INVALID_DATA],
    ["not_activated", MedusaError.Types.NOT_ALLOWED],
    ["unauthorized", MedusaError.Types.UNEXPECTED_STATE],
    ["unavailable", MedusaError.Types.UNEXPECTED_STATE],
    ["malformed_answer", MedusaError.Types.UNEXPECTED_STATE],
  ] as const)("%s is a %s error with the plain message", (code, type) => {
    const error = shopperError(code)
    expect(error.type).toBe(type)
    expect(error.message).toBe(SHOPPER_MESSAGES[code])
  })
})

describe("forTheStorefront", () => {
  it("logs the service's detail and throws the shopper's plain message", () => {
    const logger = { warn: jest.fn() } as any
    const serviceError = new BnplServiceError("invalid_request", "purchase_amount: secret detail", { status: 400 })
    expect(() => forTheStorefront(logger)(serviceError)).toThrow(SHOPPER_MESSAGES.invalid_request)
    expect(logger.warn).toHaveBeenCalledWith(
      "BNPL payment creation failed (invalid_request): purchase_amount: secret detail"
    )
  })

  it("throws anything else unchanged", () => {
    const other = new Error("database down")
    expect(() => forTheStorefront({ warn: jest.fn() } as any)(other)).toThrow(other)
  })
})

describe("describeIneligibility", () => {
  const refused = { eligible: false as const, installments_count: 3 }

  it("gives the amount bounds when the amount is the reason", () => {
    expect(
      describeIneligibility(
        {
          ...refused,
          reasons: { purchase_amount: "invalid_value" },
          constraints: { purchase_amount: { minimum: 5_000, maximum: 500_000 } },
        },
        "eur"
      )
    ).toBe("the amount must be between 50.00 EUR and 5000.00 EUR")
  })

  it("lists the service's reasons otherwise", () => {
    expect(
      describeIneligibility({ ...refused, reasons: { installments_count: "not_allowed" }, constraints: {} }, "eur")
    ).toBe("the service refused it (installments_count: not_allowed)")
    expect(describeIneligibility({ ...refused, reasons: {}, constraints: {} }, "eur")).toBe("the service refused it")
  })
})

describe("planUnavailable", () => {
  it("names the plan and the amount", () => {
    const error = planUnavailable({ installments_count: 4 }, 12_345, "eur", "why")
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toBe('The plan "4 instalments" is not available for 123.45 EUR: why')
  })
})
