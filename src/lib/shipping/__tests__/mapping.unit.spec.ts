import { mapShippingOption, type ShippingOptionFacts, type ShippingOverride } from "../mapping"

type Row = {
  case: string
  option: ShippingOptionFacts
  override?: ShippingOverride
  requiresShipping?: boolean
  method: string
  express: boolean
  /** Parts the reason must contain. */
  reason: (string | RegExp)[]
}

const rows: Row[] = [
  // ---- precedence: settings override > metadata > facts > words
  {
    case: "settings override wins over metadata, facts and words",
    option: {
      name: "Mondial Relay point relais express",
      fulfillment_set_type: "pickup",
      metadata: { bnpl_shipping_method: "pickup_store", bnpl_express_delivery: true },
    },
    override: { shipping_method: "postal", express_delivery: false },
    requiresShipping: false,
    method: "postal",
    express: false,
    reason: ["set in the plugin settings", "express set in the plugin settings"],
  },
  {
    case: "settings override of the method only: express still from metadata",
    option: { name: "Colissimo", metadata: { bnpl_shipping_method: "pickup_point", bnpl_express_delivery: "true" } },
    override: { shipping_method: "instore" },
    method: "instore",
    express: true,
    reason: ["set in the plugin settings", "(bnpl_express_delivery)"],
  },
  {
    case: "settings override of express only: method still from metadata",
    option: { name: "Next day", metadata: { bnpl_shipping_method: "pickup_store" } },
    override: { express_delivery: false },
    method: "pickup_store",
    express: false,
    reason: ["(bnpl_shipping_method)", "express set in the plugin settings"],
  },
  {
    case: "metadata bnpl_shipping_method wins over a pickup fulfillment set",
    option: { name: "Store", fulfillment_set_type: "pickup", metadata: { bnpl_shipping_method: "pickup_point" } },
    method: "pickup_point",
    express: false,
    reason: ["set in the option's metadata (bnpl_shipping_method)"],
  },
  {
    case: "metadata bnpl_shipping_method wins over requiresShipping false",
    option: { name: "Anything", metadata: { bnpl_shipping_method: "postal" } },
    requiresShipping: false,
    method: "postal",
    express: false,
    reason: ["(bnpl_shipping_method)"],
  },
  {
    case: "metadata bnpl_shipping_method wins over the words of the name",
    option: { name: "Mondial Relay point relais", metadata: { bnpl_shipping_method: "postal" } },
    method: "postal",
    express: false,
    reason: ["(bnpl_shipping_method)"],
  },
  {
    case: "an unknown metadata bnpl_shipping_method is ignored",
    option: { name: "Locker", metadata: { bnpl_shipping_method: "drone" } },
    method: "pickup_point",
    express: false,
    reason: ['says "locker"'],
  },
  {
    case: "metadata bnpl_express_delivery true (boolean)",
    option: { name: "Colissimo Domicile", metadata: { bnpl_express_delivery: true } },
    method: "postal",
    express: true,
    reason: ["home delivery", "express set in the option's metadata (bnpl_express_delivery)"],
  },
  {
    case: 'metadata bnpl_express_delivery "true" (string)',
    option: { name: "Colissimo Domicile", metadata: { bnpl_express_delivery: "true" } },
    method: "postal",
    express: true,
    reason: ["(bnpl_express_delivery)"],
  },
  {
    case: 'metadata bnpl_express_delivery "1" (string)',
    option: { name: "Colissimo Domicile", metadata: { bnpl_express_delivery: "1" } },
    method: "postal",
    express: true,
    reason: ["(bnpl_express_delivery)"],
  },
  {
    case: 'metadata bnpl_express_delivery "false" wins over the word "Express"',
    option: { name: "Express 24h", metadata: { bnpl_express_delivery: "false" } },
    method: "postal",
    express: false,
    reason: ["(bnpl_express_delivery)"],
  },
  {
    case: "metadata bnpl_express_delivery false (boolean) wins over the word",
    option: { name: "Livraison le lendemain", metadata: { bnpl_express_delivery: false } },
    method: "postal",
    express: false,
    reason: ["(bnpl_express_delivery)"],
  },
  {
    case: "an unreadable metadata bnpl_express_delivery falls back to the words",
    option: { name: "Express", metadata: { bnpl_express_delivery: "yes please" } },
    method: "postal",
    express: true,
    reason: ['express because it says "express"'],
  },
  // ---- Medusa's facts
  {
    case: "nothing requires shipping → instore (even a pickup set, even a relay name)",
    option: { name: "Mondial Relay", fulfillment_set_type: "pickup" },
    requiresShipping: false,
    method: "instore",
    express: false,
    reason: ["nothing in the order requires shipping"],
  },
  {
    case: "a pickup fulfillment set → pickup_store (wins over the words)",
    option: { name: "Point relais", fulfillment_set_type: "pickup" },
    method: "pickup_store",
    express: false,
    reason: ["its fulfillment set is an in-store pickup"],
  },
  {
    case: "a shipping fulfillment set and requiresShipping true: words decide",
    option: { name: "Standard", fulfillment_set_type: "shipping" },
    requiresShipping: true,
    method: "postal",
    express: false,
    reason: ["no pickup or in-store sign: home delivery"],
  },
  // ---- words, English and French
  {
    case: "Mondial Relay point relais → pickup_point",
    option: { name: "Mondial Relay point relais" },
    method: "pickup_point",
    express: false,
    reason: ['says "relay"'],
  },
  {
    case: "Locker → pickup_point",
    option: { name: "Locker" },
    method: "pickup_point",
    express: false,
    reason: ['says "locker"'],
  },
  {
    case: "Parcel shop → pickup_point",
    option: { name: "DPD Parcel Shop" },
    method: "pickup_point",
    express: false,
    reason: ['says "parcel shop"'],
  },
  {
    case: "Click & Collect → pickup_store",
    option: { name: "Click & Collect" },
    method: "pickup_store",
    express: false,
    reason: ['says "click & collect"'],
  },
  {
    case: "Retrait en magasin → pickup_store",
    option: { name: "Retrait en magasin" },
    method: "pickup_store",
    express: false,
    reason: ['says "retrait en magasin"'],
  },
  {
    case: "Store pickup → pickup_store",
    option: { name: "Free store pickup" },
    method: "pickup_store",
    express: false,
    reason: ['says "store pickup"'],
  },
  {
    case: "Express 24h → postal + express",
    option: { name: "Express 24h" },
    method: "postal",
    express: true,
    reason: ["home delivery", 'express because it says "express"'],
  },
  {
    case: "Livraison le lendemain → express",
    option: { name: "Livraison le lendemain" },
    method: "postal",
    express: true,
    reason: ['says "le lendemain"'],
  },
  {
    case: "Next day delivery → express",
    option: { name: "Next day delivery" },
    method: "postal",
    express: true,
    reason: ['"next day"'],
  },
  {
    case: "Colissimo Domicile → postal, not express",
    option: { name: "Colissimo Domicile" },
    method: "postal",
    express: false,
    reason: ["no pickup or in-store sign: home delivery"],
  },
  {
    case: "accents are ignored: Récupération en point retrait → pickup_point",
    option: { name: "Récupération en Point Retrait" },
    method: "pickup_point",
    express: false,
    reason: ['says "point retrait"'],
  },
  {
    case: "accents are ignored: RETRAIT EN MAGASÌN (accent and capitals) → pickup_store",
    option: { name: "RETRAIT EN MAGASÌN" },
    method: "pickup_store",
    express: false,
    reason: ['says "retrait en magasin"'],
  },
  {
    case: "accents are ignored: Livraison rapide à domicile → express (decomposed é too)",
    option: { name: "Livraison rapide à domicile (livr\u0065\u0301e)" },
    method: "postal",
    express: true,
    reason: ['says "livraison rapide"'],
  },
  {
    case: "the type code counts as words",
    option: { name: "Option A", type: { code: "pickup_point", label: "Standard" } },
    method: "pickup_point",
    express: false,
    reason: ['says "pickup_point"'],
  },
  {
    case: "the type label counts as words",
    option: { name: "Option B", type: { code: "std", label: "Express" } },
    method: "postal",
    express: true,
    reason: ['"express"'],
  },
  {
    case: "the provider id is not read as words: a relay network's provider",
    option: { name: "Option C", provider_id: "mondial-relay_mondial-relay" },
    method: "postal",
    express: false,
    reason: ["home delivery"],
  },
  {
    case: "the provider id is not read as words: chronopost_* is not express",
    option: { name: "Standard", provider_id: "chronopost_chronopost" },
    method: "postal",
    express: false,
    reason: ["home delivery"],
  },
  {
    case: "a relay point wins over a store word in the same text",
    option: { name: "Relais or click and collect" },
    method: "pickup_point",
    express: false,
    reason: ['"relais"'],
  },
  {
    case: "a relay point with an express word: pickup_point + express",
    option: { name: "Point relais express" },
    method: "pickup_point",
    express: true,
    reason: ['"relais"', 'express because it says "express"'],
  },
  {
    case: "no facts at all → postal",
    option: {},
    method: "postal",
    express: false,
    reason: ["no pickup or in-store sign: home delivery"],
  },
  {
    case: "null type and metadata are fine",
    option: { name: "Standard", type: null, metadata: null, provider_id: null, fulfillment_set_type: null },
    method: "postal",
    express: false,
    reason: ["home delivery"],
  },
]

describe("mapShippingOption", () => {
  it.each(rows)("$case", ({ option, override, requiresShipping, method, express, reason }) => {
    const context: { override?: ShippingOverride; requiresShipping?: boolean } = {}
    if (override) context.override = override
    if (requiresShipping !== undefined) context.requiresShipping = requiresShipping
    const result = mapShippingOption(option, context)
    expect(result.shipping_method).toBe(method)
    expect(result.express_delivery).toBe(express)
    expect(typeof result.reason).toBe("string")
    expect(result.reason.trim()).not.toBe("")
    for (const part of reason) {
      if (typeof part === "string") {
        expect(result.reason).toContain(part)
      } else {
        expect(result.reason).toMatch(part)
      }
    }
    expect(Object.keys(result).sort()).toEqual(["express_delivery", "reason", "reason_codes", "shipping_method"])
  })

  it("works without a context", () => {
    expect(mapShippingOption({ name: "Locker" })).toEqual({
      shipping_method: "pickup_point",
      express_delivery: false,
      reason: 'its type or name says "locker"',
      reason_codes: { method: "word", method_word: "locker" },
    })
  })

  it("gives the reason as codes too, for the admin to translate", () => {
    expect(mapShippingOption({ name: "Express 24h" }).reason_codes).toEqual({
      method: "default",
      express: "word",
      express_word: "express",
    })
    expect(
      mapShippingOption({ name: "Relay" }, { override: { shipping_method: "postal", express_delivery: false } })
        .reason_codes
    ).toEqual({ method: "override", express: "override" })
    expect(mapShippingOption({ name: "Anything" }, { requiresShipping: false }).reason_codes).toEqual({
      method: "nothing_to_ship",
    })
    expect(mapShippingOption({ name: "Shop", fulfillment_set_type: "pickup" }).reason_codes).toEqual({
      method: "pickup_set",
    })
    expect(
      mapShippingOption({ name: "Home", metadata: { bnpl_shipping_method: "postal", bnpl_express_delivery: "true" } })
        .reason_codes
    ).toEqual({ method: "metadata", express: "metadata" })
  })

  it("joins the method and express reasons with a semicolon", () => {
    expect(mapShippingOption({ name: "Express 24h" }).reason).toBe(
      'no pickup or in-store sign: home delivery; express because it says "express"'
    )
  })

  it("every answer has a non-empty reason, whatever the input", () => {
    const names = ["", "x", "Standard", "Express", "Locker", "Click & Collect", "Retrait en magasin", "Colissimo"]
    for (const name of names) {
      for (const requiresShipping of [undefined, true, false]) {
        for (const fulfillment_set_type of [undefined, "shipping", "pickup"]) {
          const { reason } = mapShippingOption({ name, fulfillment_set_type }, { requiresShipping })
          expect(reason.length).toBeGreaterThan(0)
        }
      }
    }
  })
})
