import { Alert, Label, Switch, Text } from "@medusajs/ui"
import { useFieldArray, useWatch } from "react-hook-form"
import type { Plan } from "../../../client/types"
import type { ServicePlanView } from "../../../lib/http/http-types"
import { formatCents, planLabel } from "../../lib/format"
import { useBnplI18n, type Translate } from "../../lib/i18n"
import { exampleAmount, feeOn, rowIndexOf, servicePlanKey } from "../../lib/service-plans"
import { planRow, type SectionProps } from "../../lib/settings-form"

const CURRENCY = "eur"

/**
 * The account's own plans as the service defines them (for the account of the mode chosen
 * above), each with its bounds, the customer's and the merchant's fees on an example cart, and
 * a switch that adds or removes it from the plans below (where its own bounds and rank are set).
 */
export function ServicePlans({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  const mode = useWatch({ control: form.control, name: "mode" })
  const rows = useWatch({ control: form.control, name: "plans" })
  const plans = useFieldArray({ control: form.control, name: "plans" })
  const account = settings.accounts[mode]
  if (!account.service_plans) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 pt-4" data-testid="bnpl-service-plans-problem">
        {t("settings.servicePlans.missing", { reason: account.service_plans_problem ?? "" })}
      </Text>
    )
  }
  return (
    <div className="flex flex-col gap-y-3 px-6 pt-4" data-testid="bnpl-service-plans">
      <Text size="small" weight="plus">
        {t("settings.servicePlans.title")}
      </Text>
      {account.unknown_plans?.length ? (
        // Plans checkout does not offer (the plugin options' are also logged at start-up).
        <Alert variant="warning" data-testid="bnpl-unknown-plans">
          {t("settings.servicePlans.unknown", {
            plans: account.unknown_plans.map((plan) => planLabel(plan, t)).join(", "),
          })}
        </Alert>
      ) : null}
      <ul className="flex flex-col gap-y-2">
        {account.service_plans.map((plan) => {
          const index = rowIndexOf(plan, rows)
          const id = `bnpl-service-plan-${servicePlanKey(plan).replace(/[^a-z0-9-]/gi, "-")}`
          const toggle = (on: boolean) =>
            on ? plans.append(planRow(asPlan(plan)), { shouldFocus: false }) : plans.remove(index)
          return (
            <li key={id} className="flex items-start gap-x-3" data-testid="bnpl-service-plan">
              <Switch id={id} checked={index >= 0} onCheckedChange={toggle} aria-describedby={`${id}-terms`} />
              <div className="flex min-w-0 flex-col">
                <Label htmlFor={id} size="small" weight="plus">
                  {servicePlanLabel(plan, t)}
                </Label>
                <ServicePlanTerms id={`${id}-terms`} plan={plan} />
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** The plan a service plan's switch adds. */
const asPlan = ({ installments_count, deferred_days, deferred_months, pay_at_shipment }: ServicePlanView): Plan => ({
  installments_count,
  ...(pay_at_shipment ? { pay_at_shipment: true as const } : { deferred_days, deferred_months }),
})

/** "3 instalments", or "3 instalments, first at shipment". */
export function servicePlanLabel(plan: ServicePlanView, t: Translate): string {
  const label = planLabel(plan, t)
  return plan.pay_at_shipment ? t("settings.servicePlans.atShipment", { label }) : label
}

/** Bounds, then what the customer and the merchant pay on an example cart. */
function ServicePlanTerms({ id, plan }: { id: string; plan: ServicePlanView }) {
  const { t, locale } = useBnplI18n()
  const money = (amount: number) => formatCents(Math.round(amount * 100), CURRENCY, locale)
  const percent = (bps: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bps / 100)
  const example = exampleAmount(plan)
  const customer = feeOn(example, plan.customer_fee_bps, plan.customer_fee_fixed)
  const merchant = feeOn(example, plan.merchant_fee_bps, plan.merchant_fee_fixed)
  return (
    <Text size="xsmall" className="text-ui-fg-subtle" id={id}>
      {t("settings.servicePlans.bounds", { min: money(plan.min_amount), max: money(plan.max_amount) })}
      {" · "}
      {plan.customer_lending_rate_bps
        ? t("settings.servicePlans.customerInterest", { rate: percent(plan.customer_lending_rate_bps) })
        : customer
          ? t("settings.servicePlans.customerFees", {
              rate: percent(plan.customer_fee_bps),
              fixed: money(plan.customer_fee_fixed),
              amount: money(customer),
              example: money(example),
            })
          : t("settings.servicePlans.customerFree")}
      {" · "}
      {t("settings.servicePlans.merchantFees", {
        rate: percent(plan.merchant_fee_bps),
        fixed: money(plan.merchant_fee_fixed),
        amount: money(merchant),
        example: money(example),
      })}
      {plan.trigger_limit_days
        ? ` · ${t("settings.servicePlans.triggerLimit", { count: plan.trigger_limit_days })}`
        : ""}
    </Text>
  )
}
