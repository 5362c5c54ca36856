import { useId, type ReactNode } from "react"
import { formatPlan, type FormattedPlan } from "../format"
import { messagesFor, type BnplMessages } from "../messages"
import { planKey } from "../plans"
import { BNPL_ICON_SVG } from "../providers"
import type { Plan, PlanChoice, PlansAnswer } from "../types"

type Common = {
  /** The customer's locale ("fr-FR": French texts; otherwise English). */
  locale: string
  /** Overrides any text (see `BnplMessages`). */
  messages?: Partial<BnplMessages>
  className?: string
  timeZone?: string
}

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ")

/** The eligible plan a teaser shows: the preferred count, else the first with several instalments. */
function teaserPlan(plans: Plan[], preferred?: number): Plan | undefined {
  const eligible = plans.filter((p) => p.eligible && p.payment_plan?.length)
  return (
    eligible.find((p) => p.installments_count === preferred) ??
    eligible.find((p) => p.installments_count > 1 && !p.deferred_days && !p.deferred_months) ??
    eligible[0]
  )
}

export type BnplTeaserProps = Common & {
  /** The plans for the price (an entry of `plansForAmounts`, or `plansForCart`). */
  eligibility: PlansAnswer | undefined | null
  /** Which instalment count to advertise when eligible (default: the first of several). */
  installmentsCount?: number
  /** When no plan fits the price: show it greyed with the reason (default) or show nothing. */
  whenIneligible?: "grey" | "hide"
}

/** "or 3 × 43.30 €" on a product page or in a cart summary. */
export function BnplTeaser({ eligibility, installmentsCount, whenIneligible = "grey", locale, messages, className, timeZone }: BnplTeaserProps) {
  if (!eligibility || !eligibility.service_available || !eligibility.plans.length) return null
  const m = messagesFor(locale, messages)
  const currencyCode = eligibility.currency_code
  const plan = teaserPlan(eligibility.plans, installmentsCount)
  if (plan) {
    const formatted = formatPlan(plan, { locale, currencyCode, messages, timeZone })
    return (
      <p className={cx("bnpl-teaser", className)} data-plan={formatted.key}>
        {m.teaser(formatted.title!)}
      </p>
    )
  }
  if (whenIneligible === "hide") return null
  const first = eligibility.plans.find((p) => p.installments_count === installmentsCount) ?? eligibility.plans[0]
  const { reason } = formatPlan(first, { locale, currencyCode, messages, purchaseAmount: eligibility.purchase_amount })
  return (
    <p className={cx("bnpl-teaser", "bnpl-teaser--ineligible", className)} aria-disabled="true">
      {m.teaserUnavailable(reason!)}
    </p>
  )
}

export type BnplScheduleProps = Common & {
  plan: Plan
  currencyCode: string
  /** Already formatted (saves formatting twice). */
  formatted?: FormattedPlan
}

/** A plan's schedule: each instalment's due date and amount, the first with its fees, the cost. */
export function BnplSchedule({ plan, currencyCode, formatted, locale, messages, className, timeZone }: BnplScheduleProps) {
  const f = formatted ?? formatPlan(plan, { locale, currencyCode, messages, timeZone })
  if (!f.eligible) return null
  const m = messagesFor(locale, messages)
  return (
    <div className={cx("bnpl-schedule", className)}>
      <ol className="bnpl-schedule__rows" aria-label={m.scheduleCaption}>
        {f.schedule.map((row) => (
          <li key={row.index} className="bnpl-schedule__row">
            <time className="bnpl-schedule__date" dateTime={row.dueDate}>
              {row.due}
            </time>{" "}
            <span className="bnpl-schedule__amount">{row.amount}</span>
            {row.fees ? <span className="bnpl-schedule__fees"> ({row.fees})</span> : null}
          </li>
        ))}
      </ol>
      <p className="bnpl-schedule__summary">
        <span className="bnpl-schedule__cost">{f.totalCost}</span>
        {f.totalCostRate ? <span className="bnpl-schedule__rate"> {f.totalCostRate}</span> : null}
        {" · "}
        <span className="bnpl-schedule__total">{f.total}</span>
      </p>
    </div>
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

/**
 * The plans as a radio group: eligible ones with their schedules, ineligible ones greyed and
 * disabled with the reason. Native radios: arrow keys, labels and screen readers work as usual.
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
}: BnplPlanPickerProps) {
  const autoName = useId()
  const groupName = name ?? `bnpl-plan-${autoName}`
  const m = messagesFor(locale, messages)
  const currencyCode = eligibility.currency_code
  if (!eligibility.service_available) {
    return (
      <p className={cx("bnpl-picker", "bnpl-picker--unavailable", className)} role="status">
        {m.serviceUnavailable}
      </p>
    )
  }
  return (
    <fieldset className={cx("bnpl-picker", className)} disabled={disabled}>
      <legend className="bnpl-picker__legend">{legend ?? m.pickerLegend}</legend>
      {eligibility.plans.map((plan) => {
        const f = formatPlan(plan, { locale, currencyCode, messages, timeZone, purchaseAmount: eligibility.purchase_amount })
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
            <label className="bnpl-plan__label" htmlFor={id}>
              <span className="bnpl-plan__name">{f.label}</span>
              {f.title ? <span className="bnpl-plan__title">{f.title}</span> : null}
            </label>
            <div className="bnpl-plan__details" id={`${id}-details`}>
              {f.eligible ? (
                <BnplSchedule plan={plan} currencyCode={currencyCode} formatted={f} locale={locale} messages={messages} />
              ) : (
                <p className="bnpl-plan__reason">{f.reason}</p>
              )}
            </div>
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
export type { Plan, PlanChoice, PlansAnswer }
