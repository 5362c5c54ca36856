import { Badge, Select, Table, Text } from "@medusajs/ui"
import { SHIPPING_METHODS, type ShippingMethod } from "../../../client/types"
import type { ShippingOptionView, ShippingOverride } from "../../../lib/http/http-types"
import { mappingReason, shippingMethodLabel } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"

type SetOverride = (optionId: string, change: ShippingOverride) => void

/** Each shipping option, what it is sent as and why, and the merchant's override. */
export function ShippingOptionsTable({
  options,
  overrides,
  setOverride,
}: {
  options: ShippingOptionView[]
  overrides: Record<string, ShippingOverride>
  setOverride: SetOverride
}) {
  const { t } = useBnplI18n()
  return (
    <Table className={options.length === 0 ? "hidden" : undefined}>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("settings.shipping.option")}</Table.HeaderCell>
          <Table.HeaderCell>{t("settings.shipping.sentAs")}</Table.HeaderCell>
          <Table.HeaderCell>{t("settings.shipping.why")}</Table.HeaderCell>
          <Table.HeaderCell>{t("settings.shipping.deliveryMethod")}</Table.HeaderCell>
          <Table.HeaderCell>{t("settings.shipping.expressColumn")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {options.map((option) => (
          <ShippingOptionRow
            key={option.id}
            option={option}
            override={overrides[option.id] ?? {}}
            setOverride={setOverride}
          />
        ))}
      </Table.Body>
    </Table>
  )
}

function ShippingOptionRow({
  option,
  override,
  setOverride,
}: {
  option: ShippingOptionView
  override: ShippingOverride
  setOverride: SetOverride
}) {
  const { t } = useBnplI18n()
  return (
    <Table.Row data-option-id={option.id}>
      <Table.Cell className="py-2">
        <div className="flex flex-col">
          <Text size="small" weight="plus">
            {option.name}
          </Text>
          <Text size="xsmall" className="text-ui-fg-muted">
            {[option.type?.label, option.fulfillment_set_type, option.provider_id].filter(Boolean).join(" · ")}
          </Text>
        </div>
      </Table.Cell>
      <Table.Cell>
        <div className="flex flex-wrap gap-1">
          <Badge size="2xsmall">{shippingMethodLabel(option.mapping.shipping_method, t)}</Badge>
          {option.mapping.express_delivery ? (
            <Badge size="2xsmall" color="blue">
              {t("common.express")}
            </Badge>
          ) : null}
        </div>
      </Table.Cell>
      <Table.Cell className="max-w-72 whitespace-normal">
        <Text size="xsmall" className="text-ui-fg-subtle">
          {mappingReason(option.mapping, t)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <MethodSelect option={option} override={override} setOverride={setOverride} />
      </Table.Cell>
      <Table.Cell>
        <ExpressSelect option={option} override={override} setOverride={setOverride} />
      </Table.Cell>
    </Table.Row>
  )
}

type SelectProps = { option: ShippingOptionView; override: ShippingOverride; setOverride: SetOverride }

function MethodSelect({ option, override, setOverride }: SelectProps) {
  const { t } = useBnplI18n()
  return (
    <Select
      size="small"
      value={override.shipping_method ?? "automatic"}
      onValueChange={(value) =>
        setOverride(option.id, { shipping_method: value === "automatic" ? undefined : (value as ShippingMethod) })
      }
    >
      <Select.Trigger className="w-52" aria-label={t("settings.shipping.deliveryMethodFor", { name: option.name })}>
        <Select.Value />
      </Select.Trigger>
      <Select.Content>
        <Select.Item value="automatic">{t("common.automatic")}</Select.Item>
        {SHIPPING_METHODS.map((method) => (
          <Select.Item key={method} value={method}>
            {shippingMethodLabel(method, t)}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}

function ExpressSelect({ option, override, setOverride }: SelectProps) {
  const { t } = useBnplI18n()
  const express = override.express_delivery === undefined ? "automatic" : override.express_delivery ? "yes" : "no"
  return (
    <Select
      size="small"
      value={express}
      onValueChange={(value) =>
        setOverride(option.id, { express_delivery: value === "automatic" ? undefined : value === "yes" })
      }
    >
      <Select.Trigger className="w-32" aria-label={t("settings.shipping.expressFor", { name: option.name })}>
        <Select.Value />
      </Select.Trigger>
      <Select.Content>
        <Select.Item value="automatic">{t("common.automatic")}</Select.Item>
        <Select.Item value="yes">{t("common.yes")}</Select.Item>
        <Select.Item value="no">{t("common.no")}</Select.Item>
      </Select.Content>
    </Select>
  )
}
