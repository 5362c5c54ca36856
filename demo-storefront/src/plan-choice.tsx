import type { ComponentProps } from "react"
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
