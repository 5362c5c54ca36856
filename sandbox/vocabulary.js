'use strict'

/**
 * The sandbox's fixed lists: the service's enums and the words its answers use, in one place.
 * Lists marked "mirrors" copy one of the plugin's (src/) lists: when either changes, the other
 * must follow (a test can compare them). The rest are the sandbox's own.
 *
 * Order statuses have no list here on purpose: the service takes the shop's own word (any
 * non-empty string); the words the plugin sends are `STATUSES` in src/lib/messages/content.ts.
 */

/**
 * Every payment state the service answers. The sandbox itself moves payments through
 * not_started, scored_no, in_progress, paid and stopped; the full list is here for comparison.
 * Mirrors the `PaymentState` type of src/client/types.ts (a type: compare its members).
 */
const PAYMENT_STATES = [
  'not_started',
  'scored_no',
  'scored_maybe',
  'scored_yes',
  'in_progress',
  'paid',
  'stopped',
  'late_dunning',
  'late_contact_customer',
  'default',
  'collection_done',
]

/** A payment is accepted in these states. Mirrors `ACCEPTED_STATES` of src/client/types.ts. */
const ACCEPTED_STATES = ['in_progress', 'paid']

/** `shipping_method` of a shipping option (contract 2.4). Mirrors `SHIPPING_METHODS` of src/client/types.ts. */
const SHIPPING_METHODS = ['instore', 'pickup_store', 'pickup_point', 'postal']

/** The two lists of a `shipping_info` object (contract 2.5). */
const SHIPPING_INFO_LISTS = ['selected_options', 'available_options']

/**
 * The languages the service's hosted page and e-mails speak (its markets'): `payment.locale`
 * takes one, optionally with a region. Mirrors `SERVICE_LANGUAGES` of src/lib/payment/customer-language.ts.
 */
const LANGUAGES = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt']

/**
 * How the service API answers `deferred_trigger_applied`, as each of the vendor's public clients
 * reads it: `timestamp` (its PHP client: null, then an int of Unix seconds), `string` (its JS
 * clients' `string | null`: the seconds as a string), `iso` (null, then an ISO 8601 date),
 * `boolean` (one client's `boolean | null`: false, then true). The plugin reads them all
 * (`isTriggerApplied` in src/client/schemas.ts).
 */
const TRIGGER_APPLIED_FORMS = ['timestamp', 'string', 'iso', 'boolean']

/** Fields of a shop order attached to a payment (`/v1/payments/:id/orders`). Mirrors the `OrderReference` type of src/client/types.ts. */
const ORDER_FIELDS = ['merchant_reference', 'merchant_url', 'data']

/** Fields of a shipment (`/v2/orders/:id/shipment`). Mirrors the `Tracking` type of src/client/types.ts. */
const SHIPMENT_FIELDS = ['carrier', 'tracking_number', 'tracking_url']

/** The plan of an eligibility query (v2 `queries[]`). */
const PLAN_QUERY_FIELDS = ['installments_count', 'deferred_days', 'deferred_months']

/** Query parameters of `/v1/me/fee-plans` and the values the service takes (the plugin asks `kind=general&only=all&deferred=true`, src/client/account.ts). */
const FEE_PLAN_QUERY = { kind: ['general', 'pos'], only: ['all', 'allowed'], deferred: ['true', 'false'] }

/** What a fault does: a fault needs at least one of these. */
const FAULT_EFFECTS = ['status', 'drop', 'garble', 'wrongShape', 'delayMs']

/**
 * The credit warning (EU Directive 2023/2225 art. 8(1), from 20 Nov 2026) of each market, as
 * public sources gave it on 2026-11-27 (the sentence alone, without quotation marks); `lang` is
 * the BCP 47 tag of its text.
 * Belgium has one per language. IT and PT are neutral defaults, not confirmed texts. The NL
 * rule also wants the AFM warning symbol (AFM's artwork only): the sandbox shows the text alone.
 * The plugin's defaults: src/lib/legal/defaults.ts (src/__tests__/sandbox-vocabulary.unit.spec.ts compares them).
 */
const CREDIT_WARNINGS = {
  FR: { lang: 'fr-FR', text: "Attention ! Un crédit coûte de l'argent et doit être remboursé !" },
  'BE-fr': { lang: 'fr-BE', text: "Attention, emprunter de l'argent coûte aussi de l'argent." },
  'BE-nl': { lang: 'nl-BE', text: 'Let op, geld lenen kost ook geld.' },
  NL: { lang: 'nl-NL', text: 'Let op! Geld lenen kost geld' },
  DE: { lang: 'de-DE', text: 'Achtung! Kreditaufnahme kostet Geld.' },
  ES: { lang: 'es-ES', text: 'Atención: tomar dinero prestado cuesta dinero' },
  IT: { lang: 'it-IT', text: 'Attenzione: prendere in prestito denaro costa denaro' },
  PT: { lang: 'pt-PT', text: 'Atenção: pedir dinheiro emprestado custa dinheiro' },
  other: { lang: 'en', text: 'Attention! Borrowing money costs money.' },
}

/** The market of a language, for a country with no warning of its own (`en` and others: `other`). */
const LANGUAGE_MARKETS = { fr: 'FR', nl: 'NL', de: 'DE', es: 'ES', it: 'IT', pt: 'PT' }

module.exports = {
  PAYMENT_STATES,
  ACCEPTED_STATES,
  SHIPPING_METHODS,
  SHIPPING_INFO_LISTS,
  LANGUAGES,
  TRIGGER_APPLIED_FORMS,
  ORDER_FIELDS,
  SHIPMENT_FIELDS,
  PLAN_QUERY_FIELDS,
  FEE_PLAN_QUERY,
  FAULT_EFFECTS,
  CREDIT_WARNINGS,
  LANGUAGE_MARKETS,
}
