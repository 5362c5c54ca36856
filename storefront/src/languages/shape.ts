// The shape every language file fills (apart from messages.ts, which gathers the languages: no circle).
/** What a teaser says of its plan (amounts already formatted). */
export type TeaserParts = {
  count: number
  /** The regular instalment (the last one). */
  amount: string
  /** The first instalment, when it carries fees or interest. */
  first?: string
  /** Those fees or interest. */
  fees?: string
  /** "30 days", "1 month": when the (first) payment is deferred. */
  deferral?: string
  /** Pay at shipment: nothing is taken today, the first instalment when the order ships. */
  payAtShipment?: boolean
}

export type BnplMessages = {
  planLabel: (count: number) => string
  deferredLabel: (deferral: string) => string
  deferredPlanLabel: (count: number, deferral: string) => string
  days: (n: number) => string
  months: (n: number) => string
  /** A pay-at-shipment plan: "Pay in 3 instalments when your order ships". */
  payAtShipmentLabel: (count: number) => string
  /** What a pay-at-shipment plan means, said plainly (schedule, picker, teaser). */
  payAtShipmentNotice: (count: number) => string
  /** The first row of a pay-at-shipment schedule, in place of a date. */
  atShipment: string
  title: (count: number, amount: string) => string
  /**
   * A plan's headline when something is due today: what is due today, then the rest
   * ("€123.11 today, then 2 × €117.96"), so a first instalment carrying the fees is not hidden
   * behind "3 × €117.96".
   */
  headline: (today: string, rest: number, amount: string) => string
  deferredTitle: (amount: string, deferral: string) => string
  /**
   * The teaser, a sentence that stands alone: "or 3 instalments of €43.30 (the first €45.18, incl.
   * €1.88 fees)". `amount` is the regular instalment; `first` and `fees` only when the first
   * instalment carries fees or interest; `deferral` ("30 days") for a deferred plan.
   */
  teaser: (plan: TeaserParts) => string
  teaserUnavailable: (reason: string) => string
  today: string
  /** What the customer pays today: "Due today: €45.18". */
  dueToday: (amount: string) => string
  instalment: (index: number) => string
  includingFees: (fees: string) => string
  totalCost: (amount: string) => string
  totalCostRate: (rate: string) => string
  /** @deprecated No longer shown: the cost is always given in money, "€0.00" included (credit advertising rules). */
  noFees: string
  total: (amount: string) => string
  availableFrom: (minimum: string) => string
  availableUpTo: (maximum: string) => string
  availableBetween: (minimum: string, maximum: string) => string
  notAvailable: string
  serviceUnavailable: string
  /** The cart holds products the merchant excluded from instalment payment (their titles). */
  excludedProducts: (titles: string[]) => string
  pickerLegend: string
  paymentMethodTitle: string
  /** The APR's name where it is shown ("APR 18.3%"): TAEG, TAE, effektiver Jahreszins... */
  aprName: string
}
