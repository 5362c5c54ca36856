import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ADDRESS, testPorts } from "../helpers/checkout"
import { pluginQueryReads } from "../helpers/plugin-reads"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { LEGAL_DEFAULTS } from "../../src/lib/legal"

jest.setTimeout(120 * 1000)

const ports = testPorts(9)
const ALL_MARKETS = ["FR", "BE-FR", "BE-NL", "NL", "DE", "ES", "IT", "PT", "OTHER"]
const FR_LENDER = "Crédit accordé par Banque Exemple"
const BE_NL_WARNING = "Opgelet: geld lenen kost ook geld."
const AFM_ARTWORK = "https://cdn.example.com/afm-warning.svg"

/**
 * The merchant's credit-advertising texts (Directive 2023/2225), through the admin and store APIs
 * of a running app against the sandbox over HTTP: saved in the admin, served with every plans
 * answer for the offer's market (no request, read or service call of their own), refused with a
 * 400 naming the field, and nothing saved then.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, productAt }) => {
    const save = (body: unknown) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)
    const eligibility = (query: string) =>
      api.get(`/store/bnpl/eligibility?${query}`, store().storeHeaders).catch((e: any) => e.response)
    const eligibilityCalls = () => sandbox().requests.filter((r: any) => r.path.startsWith("/v1/payments/eligibility"))
    const settingsRows = async () => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      return (await knex.raw("select * from bnpl_settings where deleted_at is null order by created_at")).rows
    }
    const marketsOf = (legal: { market: string }[]) => legal.map((text) => text.market)

    /** A cart of one 129.90 EUR product, with the addresses given (none: no country known). */
    async function cart(addresses: { shipping?: string; billing?: string } = { shipping: "fr", billing: "fr" }) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store().regionId,
          email: "jeanne@example.com",
          ...(addresses.shipping ? { shipping_address: { ...ADDRESS, country_code: addresses.shipping } } : {}),
          ...(addresses.billing ? { billing_address: { ...ADDRESS, country_code: addresses.billing } } : {}),
          items: [{ variant_id: productAt(129.9).variantId, quantity: 1 }],
        },
        store().storeHeaders
      )
      return data.cart
    }

    const OVERRIDES = {
      FR: { lender: FR_LENDER },
      "BE-NL": { warning: BE_NL_WARNING, representative_example: false },
      NL: { afm_artwork_url: AFM_ARTWORK },
    }

    it("keeps the texts in the settings: the effective ones, the shipped defaults, where they come from", async () => {
      const saved = await save({ legal_texts: OVERRIDES })
      expect(saved.status).toBe(200)
      const { settings } = (await api.get("/admin/bnpl/settings", admin())).data
      expect(settings.source.legal_texts).toBe("settings")
      expect(settings.legal_defaults).toEqual(LEGAL_DEFAULTS)
      expect(Object.keys(settings.legal_texts)).toEqual(ALL_MARKETS)
      expect(settings.legal_texts.FR).toEqual({ ...LEGAL_DEFAULTS.FR, lender: FR_LENDER })
      expect(settings.legal_texts["BE-NL"]).toEqual({
        ...LEGAL_DEFAULTS["BE-NL"],
        warning: BE_NL_WARNING,
        representative_example: false,
      })
      expect(settings.legal_texts.NL.afm_artwork_url).toBe(AFM_ARTWORK)
      expect(settings.legal_texts.DE).toEqual(LEGAL_DEFAULTS.DE)
    })

    it("serves the saved texts with a cart's plans, for the cart's country (shipping, else billing, else country_code)", async () => {
      expect((await save({ legal_texts: OVERRIDES })).status).toBe(200)

      const french = await eligibility(`cart_id=${(await cart()).id}&country_code=de`)
      expect(french.status).toBe(200)
      expect(french.data.eligibility).toMatchObject({ service_available: true, plans: expect.any(Array) })
      // The cart's own country wins over the storefront's; the answer names no country of its own.
      expect(french.data.eligibility.legal).toEqual([{ ...LEGAL_DEFAULTS.FR, lender: FR_LENDER }])
      expect(french.data.eligibility).not.toHaveProperty("country")

      const shippedToGermany = await eligibility(`cart_id=${(await cart({ shipping: "de", billing: "fr" })).id}`)
      expect(marketsOf(shippedToGermany.data.eligibility.legal)).toEqual(["DE"])
      const billedInGermany = await eligibility(`cart_id=${(await cart({ billing: "de" })).id}&country_code=be`)
      expect(marketsOf(billedInGermany.data.eligibility.legal)).toEqual(["DE"])

      const noAddress = (await cart({})).id
      const belgian = await eligibility(`cart_id=${noAddress}&country_code=be`)
      expect(belgian.data.eligibility.legal).toEqual([
        LEGAL_DEFAULTS["BE-FR"],
        { ...LEGAL_DEFAULTS["BE-NL"], warning: BE_NL_WARNING, representative_example: false },
      ])
      expect(marketsOf((await eligibility(`cart_id=${noAddress}`)).data.eligibility.legal)).toEqual(ALL_MARKETS)
    })

    it("serves them with the plans of an amount and of each amount of a batch", async () => {
      expect((await save({ legal_texts: OVERRIDES })).status).toBe(200)

      const belgian = await eligibility("amount=129.90&currency_code=eur&country_code=be")
      expect(belgian.status).toBe(200)
      expect(belgian.data.eligibility.plans.length).toBeGreaterThan(0)
      expect(belgian.data.eligibility.legal).toHaveLength(2)
      expect(belgian.data.eligibility.legal[1]).toEqual({
        ...LEGAL_DEFAULTS["BE-NL"],
        warning: BE_NL_WARNING,
        representative_example: false,
      })

      const swiss = await eligibility("amount=129.90&currency_code=eur&country_code=CH")
      expect(marketsOf(swiss.data.eligibility.legal)).toEqual(ALL_MARKETS)
      expect(swiss.data.eligibility.legal[3]).toEqual({ ...LEGAL_DEFAULTS.NL, afm_artwork_url: AFM_ARTWORK })
      const unknown = await eligibility("amount=129.90&currency_code=eur")
      expect(marketsOf(unknown.data.eligibility.legal)).toEqual(ALL_MARKETS)

      const batch = await eligibility("amounts=129.90,30,129.9&currency_code=eur&country_code=fr")
      expect(batch.status).toBe(200)
      expect(batch.data.eligibilities).toHaveLength(2)
      // Once per answer, not per amount (issue 44, S6).
      expect(batch.data.legal).toEqual([{ ...LEGAL_DEFAULTS.FR, lender: FR_LENDER }])
      for (const answer of batch.data.eligibilities) {
        expect(answer).not.toHaveProperty("legal")
      }
    })

    it("follows a save at once: the texts are not kept with the cart's answer, and cost no service call", async () => {
      const cartId = (await cart()).id
      expect((await eligibility(`cart_id=${cartId}`)).data.eligibility.legal).toEqual([LEGAL_DEFAULTS.FR])

      expect((await save({ legal_texts: { FR: { lender: FR_LENDER } } })).status).toBe(200)
      sandbox().clearRequests()
      expect((await eligibility(`cart_id=${cartId}`)).data.eligibility.legal).toEqual([
        { ...LEGAL_DEFAULTS.FR, lender: FR_LENDER },
      ])
      // Back to the defaults (null: the plugin options, here none).
      expect((await save({ legal_texts: null })).status).toBe(200)
      expect((await eligibility(`cart_id=${cartId}`)).data.eligibility.legal).toEqual([LEGAL_DEFAULTS.FR])
      // The plans kept with the cart stand: the texts asked nothing of the service.
      expect(eligibilityCalls()).toHaveLength(0)

      const bnpl = getContainer().resolve("bnpl") as any
      const [kept] = await bnpl.listBnplCartEligibilities({ cart_id: cartId })
      expect(JSON.stringify(kept)).not.toContain("legal")
    })

    it("reads the cart's country in the plans' own cart read: one read of the cart", async () => {
      const cartId = (await cart({ shipping: "de" })).id
      const reads = await pluginReadsDuring(() => eligibility(`cart_id=${cartId}`))
      expect(reads.filter((read) => read.startsWith("cart from "))).toEqual([
        expect.stringMatching(/^cart from .*eligibility[\\/]utils[\\/]plans/),
      ])
    })

    // [what is wrong, body, what the 400 must say]
    const invalid: [string, Record<string, unknown>, RegExp][] = [
      [
        "an artwork URL that is not https",
        { legal_texts: { NL: { afm_artwork_url: "http://cdn.example.com/afm.svg" } } },
        /legal_texts\.NL\.afm_artwork_url must be an https:\/\/ URL/,
      ],
      [
        "a warning of 301 characters",
        { legal_texts: { FR: { warning: "x".repeat(301) } } },
        /legal_texts\.FR\.warning is longer than 300 characters/,
      ],
      ["an unknown market", { legal_texts: { XX: { warning: "Attention" } } }, /legal_texts\.XX: unknown market/],
      ["an empty warning", { legal_texts: { DE: { warning: " " } } }, /legal_texts\.DE\.warning must not be empty/],
      [
        "a valid text beside a bad one",
        { legal_texts: { FR: { lender: "Autre banque" }, ES: { lender: "x".repeat(301) } } },
        /legal_texts\.ES\.lender is longer than 300 characters/,
      ],
    ]

    it("refuses bad texts with a 400 naming the field, and saves nothing", async () => {
      expect((await save({ legal_texts: { FR: { lender: FR_LENDER } } })).status).toBe(200)
      const before = await settingsRows()
      expect(before).toHaveLength(1)

      const answers = []
      for (const [label, body] of invalid) {
        const response = await save(body)
        answers.push([label, response.status, String(response.data.message)])
      }
      expect(answers).toEqual(invalid.map(([label, , message]) => [label, 400, expect.stringMatching(message)]))

      expect(await settingsRows()).toEqual(before)
      const { settings } = (await api.get("/admin/bnpl/settings", admin())).data
      expect(settings.legal_texts.FR.lender).toBe(FR_LENDER)
      expect(settings.legal_texts.ES).toEqual(LEGAL_DEFAULTS.ES)
    })

    it.each([
      ["amount=129.90&currency_code=eur&country_code=fra"],
      ["amounts=129.90&currency_code=eur&country_code=1"],
      ["cart_id=cart_unknown&country_code=f"],
    ])("refuses a country_code that is not 2 letters, naming it: %s", async (query) => {
      const refused = await eligibility(query)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/country_code must be a 2-letter ISO 3166-1 country code/)
    })

    /** Reads of carts and products by the plugin's own code while `run` runs (helpers/plugin-reads.ts). */
    const pluginReadsDuring = (run: () => Promise<unknown>) => pluginQueryReads(getContainer(), run)
  }
)
