import { useId, useRef, type ReactNode } from "react"
import type { ExampleMessages } from "../example/messages"
import { formatPlan, type FormattedPlan } from "../format"
import { messagesFor, textLanguage, type BnplMessages } from "../messages"
import { planKey } from "../plans"
import { BNPL_ICON_SVG } from "../providers"
import type { AmountPlans, LegalText, Plan, PlanChoice, PlansAnswer } from "../types"
import { ExampleButton } from "./example-dialog"
import { AfmSymbol, CreditWarning, offerLegalText, showsAfm, useAfmShare, type LegalProps } from "./warning"

type Common = LegalProps & {
  /** The customer's locale: texts in its language (en, fr, de, es, it, nl, pt; otherwise English), dates and amounts through Intl. */
  locale: string
  /** Overrides any text (see `BnplMessages`, and `ExampleMessages` for the representative example). */
  messages?: Partial<BnplMessages & ExampleMessages>
  className?: string
  timeZone?: string
}

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ")

/**
 * Why instalments are not offered when the store did not ask the service: the excluded products
 * named in the kit's language, else the store's own message (English, marked so), else undefined.
 */
function unavailableReason(answer: PlansAnswer, m: BnplMessages): { text: string; lang?: string } | undefined {
  if (answer.unavailable_reason !== "excluded_products") return undefined
  const titles = (answer.excluded_products ?? []).map((p) => p.title ?? p.product_id)
  if (titles.length) return { text: m.excludedProducts(titles) }
  return answer.message ? { text: answer.message, lang: "en" } : undefined
}

/**
 * The eligible plan a teaser shows: the preferred count (a plan paid now before a pay-at-shipment
 * one of the same count), else the first with several instalments, else the first.
 */
function teaserPlan(plans: Plan[], preferred?: number): Plan | undefined {
  const eligible = plans.filter((p) => p.eligible && p.payment_plan?.length)
  const plain = (p: Plan) => !p.deferred_days && !p.deferred_months && !p.pay_at_shipment
  const ofCount = eligible.filter((p) => p.installments_count === preferred)
  return (
    ofCount.find(plain) ??
    ofCount[0] ??
    eligible.find((p) => p.installments_count > 1 && plain(p)) ??
    eligible.find((p) => p.installments_count > 1) ??
    eligible[0]
  )
}

export type BnplTeaserProps = Common & {
  /**
   * The plans for the price (an entry of `plansForAmounts`, or `plansForCart`). An entry for a
   * product the merchant excluded (`plansForAmounts` given its id) shows nothing.
   */
  eligibility: PlansAnswer | undefined | null
  /** Which instalment count to advertise when eligible (default: the first of several). */
  installmentsCount?: number
  /** When no plan fits the price: show it greyed with the reason (default) or show nothing. */
  whenIneligible?: "grey" | "hide"
}

/**
 * "or 3 instalments of €43.30 (the first €45.18, incl. €1.88 fees)" on a product page or in a cart
 * summary: a sentence that stands alone, then the plan's cost and APR with its representative
 * example one step away, and the market's credit warning (in the Netherlands, the AFM symbol on
 * top). Greyed (class `bnpl-teaser--ineligible`) with the reason when no plan fits the price or
 * the cart holds an excluded product: nothing is offered then, so no warning.
 */
export function BnplTeaser({
  eligibility,
  installmentsCount,
  whenIneligible = "grey",
  locale,
  messages,
  className,
  timeZone,
  countryCode,
  legal,
}: BnplTeaserProps) {
  if (!eligibility) return null
  const m = messagesFor(locale, messages)
  const lang = textLanguage(locale, messages)
  const greyed = (text: string, textLang = lang) =>
    whenIneligible === "hide" ? null : (
      <p className={cx("bnpl-teaser", "bnpl-teaser--ineligible", className)} lang={textLang}>
        {text}
      </p>
    )
  if (!eligibility.service_available) {
    // A product the merchant excluded, on its own page (`plansForAmounts` with its id): nothing
    // is advertised. A cart holding one says why.
    if ((eligibility as AmountPlans).product_id) return null
    const excluded = unavailableReason(eligibility, m)
    return excluded ? greyed(excluded.text, excluded.lang) : null
  }
  if (!eligibility.plans.length) return null
  const currencyCode = eligibility.currency_code
  const plan = teaserPlan(eligibility.plans, installmentsCount)
  if (plan) {
    const options = { locale, currencyCode, messages, timeZone, start: eligibility.checked_at }
    const f = formatPlan(plan, options)
    const regular = f.schedule[f.schedule.length - 1]
    const first = f.schedule[0]
    const text = m.teaser({
      count: plan.installments_count,
      amount: regular.amount,
      ...(first.fees && first.feesAmount ? { first: first.amount, fees: first.feesAmount } : {}),
      ...(f.deferral ? { deferral: f.deferral } : {}),
      ...(plan.pay_at_shipment ? { payAtShipment: true } : {}),
    })
    return (
      <Offer className={cx("bnpl-offer", className)} lang={lang} legal={offerLegalText({ countryCode, legal }, locale, eligibility)}>
        {(legalText, id) => (
          <>
            <p className="bnpl-teaser" data-plan={f.key} id={id}>
              {text}
            </p>
            <CostLine f={f} plan={plan} options={options} legal={legalText} describedBy={id} />
          </>
        )}
      </Offer>
    )
  }
  const first = eligibility.plans.find((p) => p.installments_count === installmentsCount) ?? eligibility.plans[0]
  const { reason } = formatPlan(first, { locale, currencyCode, messages, purchaseAmount: eligibility.purchase_amount })
  return greyed(m.teaserUnavailable(reason!))
}

type OfferProps = {
  className: string
  lang: string
  legal: LegalText
  children: (legal: LegalText, id: string) => ReactNode
}

/** An offer's frame: the AFM symbol on top (the Netherlands), the offer, the warning under it. */
function Offer({ className, lang, legal, children }: OfferProps) {
  const root = useRef<HTMLDivElement>(null)
  const id = useId()
  useAfmShare(root, showsAfm(legal))
  return (
    <div className={className} lang={lang} ref={root} data-market={legal.market}>
      <AfmSymbol text={legal} />
      {children(legal, id)}
      <CreditWarning text={legal} />
    </div>
  )
}

type CostLineProps = {
  f: FormattedPlan
  plan: Plan
  options: Parameters<typeof ExampleButton>[0]["options"]
  legal: LegalText
  describedBy?: string
}

/** "Cost of the plan: €1.88 · APR 18.3%" (€0.00 included) and, where the market wants it, the example's button. */
function CostLine({ f, plan, options, legal, describedBy }: CostLineProps) {
  return (
    <div className="bnpl-cost">
      <span className="bnpl-cost__text">
        {f.totalCost}
        {f.apr ? ` · ${f.apr}` : ""}
      </span>
      {legal.representative_example ? (
        <>
          {" "}
          <ExampleButton plan={plan} options={options} describedBy={describedBy} />
        </>
      ) : null}
    </div>
  )
}

export type BnplScheduleProps = Common & {
  plan: Plan
  currencyCode: string
  /** Already formatted (saves formatting twice). */
  formatted?: FormattedPlan
  /** The plan's start (the order's date, the eligibility's `checked_at`): t = 0 of its APR. */
  start?: Date | string | number
}

/**
 * A plan's schedule: each instalment's due date and amount, the first with its fees, the cost
 * and APR, the representative example one step away, and the market's credit warning.
 * A pay-at-shipment plan says so first, and shows no dates (they start when the order ships).
 */
export function BnplSchedule({ plan, currencyCode, formatted, locale, messages, className, timeZone, start, countryCode, legal }: BnplScheduleProps) {
  const options = { locale, currencyCode, messages, timeZone, start }
  const f = formatted ?? formatPlan(plan, options)
  if (!f.eligible) return null
  const legalText = offerLegalText({ countryCode, legal }, locale)
  return (
    <Offer className={cx("bnpl-schedule", className)} lang={textLanguage(locale, messages)} legal={legalText}>
      {(text) => (
        <>
          <ScheduleBody f={f} />
          {text.representative_example ? (
            <div className="bnpl-cost">
              <ExampleButton plan={plan} options={options} />
            </div>
          ) : null}
        </>
      )}
    </Offer>
  )
}

/** The schedule's markup, in the picker (whose plan radios it describes) and standing alone. */
function Schedule({ f, className }: { f: FormattedPlan; className?: string }) {
  return (
    <div className={cx("bnpl-schedule", className)}>
      <ScheduleBody f={f} />
    </div>
  )
}

function ScheduleBody({ f }: { f: FormattedPlan }) {
  return (
    // No aria-label on the list: it would replace the rows in the plan's description (what a
    // screen reader says of a plan radio), and the rows are what the customer must hear.
    <>
      {f.payAtShipment ? <p className="bnpl-schedule__notice">{f.payAtShipment}</p> : null}
      <ol className="bnpl-schedule__rows">
        {f.schedule.map((row) => (
          <li key={row.index} className="bnpl-schedule__row">
            {row.dueDate ? (
              <time className="bnpl-schedule__date" dateTime={row.dueDate}>
                {row.due}
              </time>
            ) : (
              <span className="bnpl-schedule__date">{row.due}</span>
            )}{" "}
            <span className="bnpl-schedule__amount">{row.amount}</span>
            {row.fees ? <span className="bnpl-schedule__fees"> ({row.fees})</span> : null}
          </li>
        ))}
      </ol>
      <p className="bnpl-schedule__summary">
        <span className="bnpl-schedule__cost">{f.totalCost}</span>
        {f.totalCostRate ? <span className="bnpl-schedule__rate"> {f.totalCostRate}</span> : null}
        {f.apr ? (
          <>
            {" · "}
            <span className="bnpl-schedule__apr">{f.apr}</span>
          </>
        ) : null}
        {" · "}
        <span className="bnpl-schedule__total">{f.total}</span>
      </p>
    </>
  )
}

export type BnplPlanPickerProps = Common & {
  /** The cart's plans (`plansForCart`). */
  eligibility: PlansAnswer
  /** The chosen plan's key (`planKey(plan)`), if any. */
  value?: string | null
  onChange: (plan: Plan) => void
  /** The radio group's name (unique on the page). */
  name?: string
  /** Shown above the plans (default: "Choose how to pay"). */
  legend?: ReactNode
  disabled?: boolean
}

/** A plan's cost in cents (fees and interest). */
const costOf = (plan: Plan) =>
  plan.customer_total_cost_amount ?? (plan.payment_plan ?? []).reduce((sum, i) => sum + i.customer_fee + i.customer_interest, 0)

/**
 * The plans as a radio group: eligible ones with their schedules, cost, APR and representative
 * example, ineligible ones greyed and disabled with the reason; the market's credit warning on
 * top when a plan is offered. No plan is chosen until the customer chooses (`value`), and a plan
 * that costs something never comes before a free one (the service's order otherwise). Native
 * radios: arrow keys, labels and screen readers work as usual.
 */
export function BnplPlanPicker({
  eligibility,
  value,
  onChange,
  name,
  legend,
  disabled,
  locale,
  messages,
  className,
  timeZone,
  countryCode,
  legal,
}: BnplPlanPickerProps) {
  const autoName = useId()
  const root = useRef<HTMLFieldSetElement>(null)
  const groupName = name ?? `bnpl-plan-${autoName}`
  const m = messagesFor(locale, messages)
  const lang = textLanguage(locale, messages)
  const currencyCode = eligibility.currency_code
  const legalText = offerLegalText({ countryCode, legal }, locale, eligibility)
  const offered = eligibility.service_available && eligibility.plans.some((p) => p.eligible && p.payment_plan?.length)
  useAfmShare(root, offered && showsAfm(legalText))
  if (!eligibility.service_available) {
    // Excluded products: the reason naming them; otherwise the service could not be asked.
    const excluded = unavailableReason(eligibility, m)
    return (
      <p className={cx("bnpl-picker", "bnpl-picker--unavailable", className)} role="status" lang={excluded?.lang ?? lang}>
        {excluded?.text ?? m.serviceUnavailable}
      </p>
    )
  }
  const free = (p: Plan) => p.eligible && costOf(p) === 0
  const plans = [...eligibility.plans.filter(free), ...eligibility.plans.filter((p) => !free(p))]
  const options = { locale, currencyCode, messages, timeZone, start: eligibility.checked_at }
  return (
    <fieldset className={cx("bnpl-picker", className)} disabled={disabled} lang={lang} ref={root} data-market={legalText.market}>
      <legend className="bnpl-picker__legend">{legend ?? m.pickerLegend}</legend>
      {offered ? (
        <div className="bnpl-picker__legal">
          <AfmSymbol text={legalText} />
          <CreditWarning text={legalText} />
        </div>
      ) : null}
      {plans.map((plan) => {
        const f = formatPlan(plan, { ...options, purchaseAmount: eligibility.purchase_amount })
        const id = `${groupName}-${f.key}`
        const selected = value === f.key
        return (
          <div
            key={f.key}
            className={cx("bnpl-plan", selected && "bnpl-plan--selected", !f.eligible && "bnpl-plan--ineligible")}
          >
            <input
              type="radio"
              className="bnpl-plan__input"
              id={id}
              name={groupName}
              value={f.key}
              checked={selected}
              disabled={!f.eligible}
              aria-describedby={`${id}-details`}
              onChange={() => onChange(plan)}
            />
            <label className="bnpl-plan__label" htmlFor={id} id={`${id}-label`}>
              <span className="bnpl-plan__name">{f.label}</span>
              {/* A space: the name is read "Pay in 3 instalments €45.18 today, then 2 × €43.30", not
                  "instalments€45.18". The headline says what is due today (the first instalment's fees). */}
              {f.headline ? <> <span className="bnpl-plan__title">{f.headline}</span></> : null}
            </label>
            <div className="bnpl-plan__details" id={`${id}-details`}>
              {f.eligible ? (
                <Schedule f={f} />
              ) : (
                <p className="bnpl-plan__reason">{f.reason}</p>
              )}
            </div>
            {f.eligible && legalText.representative_example ? (
              <div className="bnpl-plan__example">
                <ExampleButton plan={plan} options={options} describedBy={`${id}-label`} />
              </div>
            ) : null}
          </div>
        )
      })}
    </fieldset>
  )
}

/** The kit's icon as a React element (the same SVG as `paymentMethodInfo`'s). */
export function BnplIcon({ className }: { className?: string }) {
  return <span className={cx("bnpl-icon", className)} aria-hidden="true" dangerouslySetInnerHTML={{ __html: BNPL_ICON_SVG }} />
}

export { planKey }
export { ExampleButton, ExampleDialog } from "./example-dialog"
export type { LegalProps } from "./warning"
export type { LegalText, Plan, PlanChoice, PlansAnswer }
