import { SHIPPING_METHODS, type ShippingMethod } from "../../client"
import type { ShippingMapping, ShippingOverride } from "../api-shapes"

/** What the plugin knows of a store's shipping option when mapping it. */
export type ShippingOptionFacts = {
  id?: string
  name?: string
  type?: { code?: string | null; label?: string | null } | null
  provider_id?: string | null
  /** `service_zone.fulfillment_set.type`, e.g. "shipping" or "pickup". */
  fulfillment_set_type?: string | null
  metadata?: Record<string, unknown> | null
}

// The override and the mapping are what the admin routes answer: one definition, in http-types.
export type { ShippingMapping, ShippingOverride }

// Words are matched on lower-cased, accent-free text; English and French at least.
const PICKUP_POINT = [
  "relay",
  "relais",
  "pick-up point",
  "pickup point",
  "pick up point",
  "point retrait",
  "locker",
  "consigne",
  "parcel shop",
  "parcelshop",
  "packstation",
  "pickup_point",
  "paketshop",
]
const PICKUP_STORE = [
  "click and collect",
  "click & collect",
  "click-and-collect",
  "click&collect",
  "clickandcollect",
  "store pickup",
  "store pick-up",
  "pickup in store",
  "pick up in store",
  "in-store pickup",
  "in store pickup",
  "collect in store",
  "retrait en magasin",
  "retrait magasin",
  "pickup_store",
]
const EXPRESS = [
  "express",
  "next day",
  "next-day",
  "nextday",
  "24h",
  "24 h",
  "same day",
  "same-day",
  "overnight",
  "livraison rapide",
  "le lendemain",
  "j+1",
  "chrono",
]

const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()

const findWord = (text: string, words: string[]) => words.find((w) => text.includes(w))

const isShippingMethod = (v: unknown): v is ShippingMethod =>
  typeof v === "string" && (SHIPPING_METHODS as readonly string[]).includes(v)

function asBoolean(v: unknown): boolean | undefined {
  if (typeof v === "boolean") {
    return v
  }
  if (v === "true" || v === "1") {
    return true
  }
  if (v === "false" || v === "0") {
    return false
  }
  return undefined
}

/**
 * Maps a shipping option to the contract's `shipping_method` and `express_delivery`, in
 * this order: the merchant's explicit choice (settings, then the option's metadata);
 * Medusa's own facts (pickup fulfillment set, nothing to ship); the words of the option's
 * type and name; otherwise home delivery (`postal`). The provider id is never read as words:
 * it names a carrier or an integration, not a kind of delivery ("chronopost_*" is not express,
 * "mondial-relay_*" also delivers to homes).
 */
export function mapShippingOption(
  option: ShippingOptionFacts,
  context: { override?: ShippingOverride; requiresShipping?: boolean } = {}
): ShippingMapping {
  const metadata = option.metadata ?? {}
  const text = normalize([option.type?.code, option.type?.label, option.name].filter(Boolean).join(" | "))

  type Code = ShippingMapping["reason_codes"]
  let method: { value: ShippingMethod; reason: string; code: Code["method"]; word?: string }
  if (context.override?.shipping_method) {
    method = { value: context.override.shipping_method, reason: "set in the plugin settings", code: "override" }
  } else if (isShippingMethod(metadata.bnpl_shipping_method)) {
    method = {
      value: metadata.bnpl_shipping_method,
      reason: "set in the option's metadata (bnpl_shipping_method)",
      code: "metadata",
    }
  } else if (context.requiresShipping === false) {
    method = { value: "instore", reason: "nothing in the order requires shipping", code: "nothing_to_ship" }
  } else if (option.fulfillment_set_type === "pickup") {
    method = { value: "pickup_store", reason: "its fulfillment set is an in-store pickup", code: "pickup_set" }
  } else {
    const point = findWord(text, PICKUP_POINT)
    const store = point ? undefined : findWord(text, PICKUP_STORE)
    method = point
      ? { value: "pickup_point", reason: `its type or name says "${point}"`, code: "word", word: point }
      : store
        ? { value: "pickup_store", reason: `its type or name says "${store}"`, code: "word", word: store }
        : { value: "postal", reason: "no pickup or in-store sign: home delivery", code: "default" }
  }

  let express: { value: boolean; reason?: string; code?: Code["express"]; word?: string }
  const metadataExpress = asBoolean(metadata.bnpl_express_delivery)
  if (context.override?.express_delivery !== undefined) {
    express = {
      value: context.override.express_delivery,
      reason: "express set in the plugin settings",
      code: "override",
    }
  } else if (metadataExpress !== undefined) {
    express = {
      value: metadataExpress,
      reason: "express set in the option's metadata (bnpl_express_delivery)",
      code: "metadata",
    }
  } else {
    const word = findWord(text, EXPRESS)
    express = word ? { value: true, reason: `express because it says "${word}"`, code: "word", word } : { value: false }
  }

  const reason_codes: Code = { method: method.code }
  if (method.word) reason_codes.method_word = method.word
  if (express.code) reason_codes.express = express.code
  if (express.word) reason_codes.express_word = express.word
  return {
    shipping_method: method.value,
    express_delivery: express.value,
    reason: [method.reason, express.reason].filter(Boolean).join("; "),
    reason_codes,
  }
}
