import { ArrowDownMini, ArrowUpMini, Trash } from "@medusajs/icons"
import { IconButton, Input, Select, Text } from "@medusajs/ui"
import { Controller, useWatch, type UseFormReturn } from "react-hook-form"
import { MAX_INSTALMENTS } from "../../../lib/eligibility/plans"
import { planLabel } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"
import { rowToPlan, type SettingsFormValues } from "../../lib/settings-form"

type Props = {
  form: UseFormReturn<SettingsFormValues>
  index: number
  isLast: boolean
  move: (by: -1 | 1) => void
  remove: () => void
}

/** One plan: instalments, when the first is paid, its bounds, what checkout calls it, its rank. */
export function PlanRowInputs({ form, index, isLast, move, remove }: Props) {
  const { t } = useBnplI18n()
  const row = useWatch({ control: form.control, name: `plans.${index}` })
  const n = { index: index + 1 }
  const text = (name: "installments" | "delay" | "min" | "max", label: string, extra: object) => (
    <Controller
      control={form.control}
      name={`plans.${index}.${name}`}
      render={({ field }) => <Input {...field} aria-label={label} size="small" className="w-24" {...extra} />}
    />
  )
  return (
    <div className="flex flex-wrap items-center gap-2">
      {text("installments", t("settings.plans.countLabel", n), { type: "number", min: 1, max: MAX_INSTALMENTS })}
      <Text size="small" className="text-ui-fg-subtle">
        {t("settings.plans.countSuffix")}
      </Text>
      <DeferralSelect form={form} index={index} />
      {row.deferral !== "none"
        ? text("delay", t(`settings.plans.delayLabel_${row.deferral}`, n), { type: "number", min: 1 })
        : null}
      {text("min", t("settings.plans.minLabel", n), { placeholder: t("settings.plans.min"), inputMode: "decimal" })}
      {text("max", t("settings.plans.maxLabel", n), { placeholder: t("settings.plans.max"), inputMode: "decimal" })}
      <Text size="small" className="text-ui-fg-muted min-w-40">
        {Number(row.installments) > 0
          ? row.atShipment
            ? t("settings.servicePlans.atShipment", { label: planLabel(rowToPlan(row), t) })
            : planLabel(rowToPlan(row), t)
          : ""}
      </Text>
      <IconButton
        size="small"
        variant="transparent"
        aria-label={t("settings.plans.moveUp", n)}
        disabled={index === 0}
        onClick={() => move(-1)}
      >
        <ArrowUpMini />
      </IconButton>
      <IconButton
        size="small"
        variant="transparent"
        aria-label={t("settings.plans.moveDown", n)}
        disabled={isLast}
        onClick={() => move(1)}
      >
        <ArrowDownMini />
      </IconButton>
      <IconButton size="small" variant="transparent" aria-label={t("settings.plans.remove", n)} onClick={remove}>
        <Trash />
      </IconButton>
    </div>
  )
}

/** First instalment paid at once, or after some days or months. */
function DeferralSelect({ form, index }: Pick<Props, "form" | "index">) {
  const { t } = useBnplI18n()
  return (
    <Controller
      control={form.control}
      name={`plans.${index}.deferral`}
      render={({ field }) => (
        <Select size="small" value={field.value} onValueChange={field.onChange}>
          <Select.Trigger className="w-44" aria-label={t("settings.plans.firstPaymentLabel", { index: index + 1 })}>
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value="none">{t("settings.plans.atOnce")}</Select.Item>
            <Select.Item value="days">{t("settings.plans.afterDays")}</Select.Item>
            <Select.Item value="months">{t("settings.plans.afterMonths")}</Select.Item>
          </Select.Content>
        </Select>
      )}
    />
  )
}
