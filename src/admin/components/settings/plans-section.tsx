import { Plus } from "@medusajs/icons"
import { Button, Text } from "@medusajs/ui"
import { useFieldArray } from "react-hook-form"
import { useBnplI18n } from "../../lib/i18n"
import { ELIGIBILITY_APIS, planRow, type SectionProps } from "../../lib/settings-form"
import { Field } from "../common/field"
import { Section } from "../common/section"
import { PlanRowInputs } from "./plan-row"
import { ServicePlans } from "./service-plans"
import { SettingSelect } from "./setting-select"
import { SourceHint } from "./source-hint"

/** The plans checkout may offer, in their display order, each with the merchant's bounds. */
export function PlansSection({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  const plans = useFieldArray({ control: form.control, name: "plans" })
  const addButton = (
    <Button
      size="small"
      variant="secondary"
      onClick={() => plans.append(planRow(), { shouldFocus: false })}
      data-testid="bnpl-add-plan"
    >
      <Plus />
      {t("settings.plans.add")}
    </Button>
  )
  return (
    <Section title={t("settings.plans.title")} description={t("settings.plans.description")} actions={addButton}>
      <ServicePlans form={form} settings={settings} />
      <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-plans">
        {plans.fields.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle">
            {t("settings.plans.empty")}
          </Text>
        ) : null}
        {plans.fields.map((row, index) => (
          <PlanRowInputs
            key={row.id}
            form={form}
            index={index}
            isLast={index === plans.fields.length - 1}
            move={(by) => plans.swap(index, index + by)}
            remove={() => plans.remove(index)}
          />
        ))}
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("settings.plans.boundsHint")}
        </Text>
        <SourceHint source={settings.source.plans ?? null} />
      </div>
      <EligibilityApiField form={form} settings={settings} />
    </Section>
  )
}

/** How checkout asks the service which plans a cart may have: the answers are the same either way. */
function EligibilityApiField({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  return (
    <Field
      label={t("settings.plans.eligibilityApi")}
      htmlFor="bnpl-eligibility-api"
      hint={<SourceHint source={settings.source.eligibility_api ?? null} env="BNPL_ELIGIBILITY_API" />}
      note={t("settings.plans.eligibilityApiHint")}
    >
      <SettingSelect
        form={form}
        name="eligibility_api"
        id="bnpl-eligibility-api"
        values={ELIGIBILITY_APIS}
        labelOf={(api) => t(`settings.plans.eligibilityApi_${api}`)}
        hint
      />
    </Field>
  )
}
