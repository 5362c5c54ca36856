import { createBnplStorefront } from "../client"
import { LEGAL_DEFAULTS } from "../legal"
import { THREE } from "./fixtures"

/**
 * Issue 44 (S6): the store sends the market's texts once per `amounts` answer, beside
 * `eligibilities`; the kit still gives each answer its `legal`, from either shape of store.
 */
const FR = [LEGAL_DEFAULTS.FR]
const entry = (amount: string, extra: object = {}) => ({
  amount,
  purchase_amount: Math.round(Number(amount) * 100),
  currency_code: "eur",
  checked_at: "2026-11-23T10:00:00.000Z",
  service_available: true,
  plans: [THREE],
  ...extra,
})

const kitAnswered = (body: (amounts: string[]) => unknown) =>
  createBnplStorefront({
    baseUrl: "http://store.test",
    publishableKey: "pk_1",
    fetch: (async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input))
      return new Response(JSON.stringify(body(url.searchParams.get("amounts")!.split(","))), {
        status: 200,
        headers: { "content-type": "application/json" },
      })
    }) as typeof fetch,
  })

describe("plansForAmounts: the credit texts of an answer", () => {
  it("a store that sends legal once: each answer carries it", async () => {
    const kit = kitAnswered((amounts) => ({ eligibilities: amounts.map((a) => entry(a)), legal: FR }))
    const answers = await kit.plansForAmounts([19.9, 129.9], "eur", { countryCode: "fr" })
    expect(answers.map((a) => a.legal)).toEqual([FR, FR])
  })

  it("an older store that sends it in each entry: kept as it was", async () => {
    const kit = kitAnswered((amounts) => ({ eligibilities: amounts.map((a) => entry(a, { legal: FR })) }))
    const answers = await kit.plansForAmounts([19.9, 129.9], "eur")
    expect(answers.map((a) => a.legal)).toEqual([FR, FR])
  })

  it("a store that sends none: no legal, the kit's defaults apply", async () => {
    const kit = kitAnswered((amounts) => ({ eligibilities: amounts.map((a) => entry(a)) }))
    const [answer] = await kit.plansForAmounts([19.9], "eur")
    expect(answer).not.toHaveProperty("legal")
  })
})
