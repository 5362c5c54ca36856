import { Label, Switch, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled row: the label and its hint on the left, the input on the right. */
export function Field({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string
  htmlFor?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 px-6 py-4 md:grid-cols-[240px_1fr]">
      <div className="flex flex-col gap-y-1">
        <Label htmlFor={htmlFor} size="small" weight="plus">
          {label}
        </Label>
        {hint}
      </div>
      <div className="flex flex-col gap-y-2">{children}</div>
    </div>
  )
}

/** An on/off setting with what it does. */
export function SwitchField({
  id,
  label,
  description,
  checked,
  onChange,
  hint,
}: {
  id: string
  label: string
  description: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: ReactNode
}) {
  return (
    <div className="flex items-start justify-between gap-x-6 px-6 py-4">
      <div className="flex flex-col gap-y-1">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        <Text size="small" className="text-ui-fg-subtle">
          {description}
        </Text>
        {hint}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  )
}
