import { providerRegistrationProblem } from "../provider-registration"

const payment = (providers: unknown[]) => ({ payment: { resolve: "@medusajs/medusa/payment", options: { providers } } })

describe("the provider id is checked at start-up", () => {
  it("accepts the documented registration, from the package or from source", () => {
    expect(
      providerRegistrationProblem(payment([{ resolve: "medusa-plugin-bnpl/providers/bnpl", id: "bnpl" }]))
    ).toBeUndefined()
    expect(providerRegistrationProblem(payment([{ resolve: "./src/providers/bnpl", id: "bnpl" }]))).toBeUndefined()
  })

  it("accepts a store without the provider yet, or with other providers only", () => {
    expect(providerRegistrationProblem({})).toBeUndefined()
    expect(
      providerRegistrationProblem(payment([{ resolve: "@medusajs/medusa/payment-stripe", id: "stripe" }]))
    ).toBeUndefined()
  })

  it("refuses another id, naming the fix", () => {
    const problem = providerRegistrationProblem(
      payment([{ resolve: "medusa-plugin-bnpl/providers/bnpl", id: "instalments" }])
    )
    expect(problem).toContain('register the payment provider with id "bnpl"')
    expect(problem).toContain('not "instalments"')
  })

  it("reads the array form of modules too", () => {
    const modules = [
      { resolve: "@medusajs/medusa/payment", options: { providers: [{ resolve: "./src/providers/bnpl", id: "x" }] } },
    ]
    expect(providerRegistrationProblem(modules)).toContain('not "x"')
  })
})
