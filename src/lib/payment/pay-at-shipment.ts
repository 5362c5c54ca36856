import type { FeePlan } from "../../client"
import { findServicePlan, servicePlansOf } from "../eligibility/account-plans"

/**
 * Pay at shipment: the service payment is created with `deferred: "trigger"` and the schedule
 * starts when the shop triggers it (the order's first shipment or fulfillment). Pure rules.
 */

/**
 * What the customer reads on the service's hosted page about when the first instalment is
 * taken (`deferred_description`), per language; English when the customer's is not here.
 */
export const DEFERRED_DESCRIPTION: Record<string, string> = {
  en: "Nothing to pay today: your first instalment is taken when your order ships.",
  fr: "Rien à payer aujourd'hui : votre première échéance est prélevée à l'expédition de votre commande.",
  de: "Heute zahlen Sie nichts: Die erste Rate wird abgebucht, sobald Ihre Bestellung versendet wird.",
  es: "Hoy no pagas nada: el primer plazo se cobra cuando se envía tu pedido.",
  it: "Oggi non paghi nulla: la prima rata viene addebitata alla spedizione del tuo ordine.",
  nl: "Vandaag betaal je niets: de eerste termijn wordt afgeschreven zodra je bestelling wordt verzonden.",
  pt: "Hoje não paga nada: a primeira prestação é cobrada quando a sua encomenda for enviada.",
}

/** The description in the customer's language (`fr`, `fr-FR`, `fr_BE`...), else English. */
export function deferredDescription(locale?: string | null): string {
  const language = (locale ?? "").toLowerCase().split(/[-_]/)[0]
  return DEFERRED_DESCRIPTION[language] ?? DEFERRED_DESCRIPTION.en
}

/**
 * How long the shop may wait before triggering when the account's fee plan does not say
 * (`deferred_trigger_limit_days`): the deadline shown to the merchant is counted from it.
 */
export const DEFAULT_TRIGGER_LIMIT_DAYS = 30

/** Days before the deadline the daily job warns the merchant. */
export const TRIGGER_WARNING_DAYS = 3

/**
 * How long the shop may wait before triggering a pay-at-shipment payment of `count`
 * instalments: what the account's fee plan sold at shipment says, else the default.
 */
export function triggerLimitDays(feePlans: FeePlan[] | undefined, count: number | undefined): number {
  const sold = findServicePlan(
    { installments_count: count ?? 0, pay_at_shipment: true },
    servicePlansOf(feePlans ?? [])
  )
  return sold?.fee_plan.deferred_trigger_limit_days || DEFAULT_TRIGGER_LIMIT_DAYS
}

/** The last day a pay-at-shipment order may ship for its payment to start. */
export function triggerDeadline(placedAt: Date, limitDays: number = DEFAULT_TRIGGER_LIMIT_DAYS): Date {
  return new Date(placedAt.getTime() + limitDays * 86_400_000)
}

/** The event that starts the payment, per the `triggerOn` option. */
export const TRIGGER_EVENT = { shipment: "shipment_created", fulfillment: "fulfillment_created" } as const
