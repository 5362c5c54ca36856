import { Label, Switch, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** The ids of a field's hint (beside the label) and note (under the control). */
export const hintId = (htmlFor: string) => `${htmlFor}-hint`
export const noteId = (htmlFor: string) => `${htmlFor}-note`

/**
 * What a control's `aria-describedby` says for a `Field` (WCAG 1.3.1: the hint and note are read
 * with the control): its hint and/or note, as the field has them.
 */
export function describedBy(htmlFor: string, parts: { hint?: boolean; note?: boolean }): string | undefined {
  const ids = [parts.hint && hintId(htmlFor), parts.note && noteId(htmlFor)].filter(Boolean)
  return ids.length ? ids.join(" ") : undefined
}

/** A field's left column: its label, what `children` add under it, then its hint (id `hintId(htmlFor)`). */
function LabelColumn({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string
  htmlFor?: string
  hint?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="flex min-w-0 flex-col gap-y-1">
      <Label htmlFor={htmlFor} size="small" weight="plus">
        {label}
      </Label>
      {children}
      {hint ? <div id={htmlFor ? hintId(htmlFor) : undefined}>{hint}</div> : null}
    </div>
  )
}

/**
 * A labelled row: the label and its hint on the left, the input (and its note) on the right. The
 * hint has the id `hintId(htmlFor)` and the note `noteId(htmlFor)`: give the control
 * `aria-describedby={describedBy(htmlFor, { hint: true, note: true })}` so they are read with it.
 */
export function Field({
  label,
  htmlFor,
  hint,
  note,
  children,
}: {
  label: string
  htmlFor?: string
  hint?: ReactNode
  /** A sentence under the control. */
  note?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 px-6 py-4 md:grid-cols-[240px_1fr]">
      <LabelColumn label={label} htmlFor={htmlFor} hint={hint} />
      <div className="flex min-w-0 flex-col gap-y-2">
        {children}
        {note ? (
          <Text size="xsmall" className="text-ui-fg-muted" id={htmlFor ? noteId(htmlFor) : undefined}>
            {note}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

/** An on/off setting with what it does (the description and hint are read with the switch). */
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
  const descriptionId = `${id}-description`
  return (
    <div className="flex items-start justify-between gap-x-6 px-6 py-4">
      <LabelColumn label={label} htmlFor={id} hint={hint}>
        <Text size="small" className="text-ui-fg-subtle" id={descriptionId}>
          {description}
        </Text>
      </LabelColumn>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={hint ? `${descriptionId} ${hintId(id)}` : descriptionId}
      />
    </div>
  )
}
