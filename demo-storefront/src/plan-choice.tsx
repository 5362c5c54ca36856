import { forwardRef, useState, type ComponentProps } from "react"
import { formatPlan, planKey, type Plan } from "medusa-plugin-bnpl-storefront"
import { BnplPlanPicker } from "medusa-plugin-bnpl-storefront/react"
import { demoLegal } from "./country"
import { useT } from "./i18n"

/**
 * The payment step's plan choice, the checkout's and the payment link's: the kit's picker in the
 * page's language and market, then what the chosen plan asks before the customer leaves the
 * hosted page (nothing for pay at shipment).
 */
export function PlanChoice({
  plans,
  plan,
  onChoose,
  busy,
}: {
  plans: ComponentProps<typeof BnplPlanPicker>["eligibility"] & { currency_code: string }
  plan: Plan | null
  onChoose: (plan: Plan) => void
  busy: boolean
}) {
  const { locale, country } = useT()
  const chosen = plan ? formatPlan(plan, { locale, currencyCode: plans.currency_code }) : null
  return (
    <>
      <BnplPlanPicker
        eligibility={plans}
        value={plan ? planKey(plan) : null}
        onChange={onChoose}
        name="bnpl-plan"
        locale={locale}
        countryCode={country}
        legal={demoLegal(country, locale)}
        disabled={busy}
      />
      {chosen ? (
        <p className="due-today" data-testid="due-today">
          {chosen.payAtShipment ?? chosen.dueToday}
        </p>
      ) : null}
    </>
  )
}

/** The problem "no plan chosen", said in the page's language (which may change while it shows). */
export const NO_PLAN = "no-plan"

/**
 * The payment step's plan and problem (NO_PLAN or an error's message): choosing a plan answers
 * "no plan chosen", and only that.
 */
export function usePlanAndProblem() {
  const [plan, setPlan] = useState<Plan | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const choosePlan = (chosen: Plan) => {
    setPlan(chosen)
    if (problem === NO_PLAN) setProblem(null)
  }
  return { plan, setPlan, choosePlan, problem, setProblem }
}

/** The payment step's problem, as an alert the page moves the focus to. */
export const PaymentProblem = forwardRef<HTMLParagraphElement, { problem: string | null }>(function PaymentProblem(
  { problem },
  ref
) {
  const { t } = useT()
  return problem ? (
    <p className="error" role="alert" tabIndex={-1} ref={ref}>
      {problem === NO_PLAN ? t.choosePlanFirst : problem}
    </p>
  ) : null
})
