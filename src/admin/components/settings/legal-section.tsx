import { Alert, Badge, Button, Hint, Input, Text, Textarea } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { Controller, useFormState, useWatch, type FieldError } from "react-hook-form"
import { LEGAL_MARKETS, type LegalMarket, type LegalText } from "../../../lib/legal/markets"
import { useBnplI18n, type Translate } from "../../lib/i18n"
import { isDefaultText, isLegalError, LEGAL_ERROR_MAX } from "../../lib/legal-texts"
import type { SectionProps } from "../../lib/settings-form"
import { describedBy, Field, SwitchField } from "../common/field"
import { Section } from "../common/section"
import { SourceHint } from "./source-hint"

/** The id of a control's error message (read with the control through `aria-describedby`). */
const errorId = (htmlFor: string) => `${htmlFor}-error`

/** A control's `aria-describedby`: its field's hint and note, and its error while it has one. */
const describedWith = (htmlFor: string, parts: { hint?: boolean; note?: boolean }, error?: FieldError) =>
  [describedBy(htmlFor, parts), error ? errorId(htmlFor) : undefined].filter(Boolean).join(" ") || undefined

/** A check's message in the admin's language (the form's checks give codes: legal-texts.ts). */
function FieldErrorText({ htmlFor, error, t }: { htmlFor: string; error?: FieldError; t: Translate }) {
  if (!error) {
    return null
  }
  const code = error.message
  return (
    <Hint variant="error" id={errorId(htmlFor)}>
      {isLegalError(code) ? t(`settings.legal.errors.${code}`, { max: LEGAL_ERROR_MAX[code] }) : code}
    </Hint>
  )
}

/**
 * The credit-advertising texts per market (Directive 2023/2225): the storefront shows them with
 * every offer. Defaults ship with the plugin; the merchant and its lender own the final words.
 */
export function LegalSection({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  return (
    <Section title={t("settings.legal.title")} description={t("settings.legal.description")}>
      <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-legal">
        <Alert variant="warning" data-testid="bnpl-legal-responsibility">
          <Text size="small">{t("settings.legal.responsibility")}</Text>
          <Text size="small">{t("settings.legal.unconfirmed")}</Text>
        </Alert>
        <SourceHint source={settings.source.legal_texts ?? null} />
      </div>
      {LEGAL_MARKETS.map((market) => (
        <MarketTexts key={market} market={market} form={form} base={settings.legal_defaults[market]} />
      ))}
    </Section>
  )
}

/** One market's texts, folded under its name; opened when one of them is refused. */
function MarketTexts({ market, form, base }: Pick<SectionProps, "form"> & { market: LegalMarket; base: LegalText }) {
  const { t } = useBnplI18n()
  const typed = useWatch({ control: form.control, name: `legal_texts.${market}` })
  const { errors } = useFormState({ control: form.control, name: `legal_texts.${market}` })
  const invalid = !!errors.legal_texts?.[market]
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (invalid) {
      setOpen(true)
    }
  }, [invalid])
  const id = `bnpl-legal-${market}`
  const changed = !!typed && !isDefaultText(typed, base)
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={id}>
      <summary className="cursor-pointer px-6 py-3">
        <span className="inline-flex items-center gap-x-2 align-middle">
          <Text as="span" size="small" weight="plus">
            {t(`settings.legal.market.${market}`)}
          </Text>
          <Text as="span" size="xsmall" className="text-ui-fg-muted font-mono">
            {market}
          </Text>
          {changed ? (
            <Badge size="2xsmall" color="blue">
              {t("settings.legal.changed")}
            </Badge>
          ) : null}
          {!base.confirmed ? (
            <Badge size="2xsmall" color="orange">
              {t("settings.legal.notConfirmed")}
            </Badge>
          ) : null}
        </span>
      </summary>
      <WarningField market={market} form={form} base={base} />
      <Controller
        control={form.control}
        name={`legal_texts.${market}.lender`}
        render={({ field, fieldState }) => (
          <Field label={t("settings.legal.lender")} htmlFor={`${id}-lender`} note={t("settings.legal.lenderHint")}>
            <Input
              {...field}
              id={`${id}-lender`}
              size="small"
              placeholder={t("settings.legal.lenderPlaceholder")}
              aria-invalid={!!fieldState.error}
              aria-describedby={describedWith(`${id}-lender`, { note: true }, fieldState.error)}
            />
            <FieldErrorText htmlFor={`${id}-lender`} error={fieldState.error} t={t} />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name={`legal_texts.${market}.representative_example`}
        render={({ field }) => (
          <SwitchField
            id={`${id}-example`}
            label={t("settings.legal.representativeExample")}
            description={t("settings.legal.representativeExampleDescription")}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {market === "NL" ? (
        <Controller
          control={form.control}
          name={`legal_texts.${market}.afm_artwork_url`}
          render={({ field, fieldState }) => (
            <Field label={t("settings.legal.artwork")} htmlFor={`${id}-artwork`} note={t("settings.legal.artworkHint")}>
              <Input
                {...field}
                id={`${id}-artwork`}
                type="url"
                size="small"
                placeholder="https://"
                aria-invalid={!!fieldState.error}
                aria-describedby={describedWith(`${id}-artwork`, { note: true }, fieldState.error)}
              />
              <FieldErrorText htmlFor={`${id}-artwork`} error={fieldState.error} t={t} />
            </Field>
          )}
        />
      ) : null}
    </details>
  )
}

/** The warning: the default unless the merchant typed another, which "Reset to default" puts back. */
function WarningField({ market, form, base }: Pick<SectionProps, "form"> & { market: LegalMarket; base: LegalText }) {
  const { t } = useBnplI18n()
  const htmlFor = `bnpl-legal-${market}-warning`
  return (
    <Controller
      control={form.control}
      name={`legal_texts.${market}.warning`}
      render={({ field, fieldState }) => {
        const isDefault = field.value.trim() === base.warning
        return (
          <Field
            label={t("settings.legal.warning")}
            htmlFor={htmlFor}
            hint={
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("settings.legal.warningHint")}
              </Text>
            }
            note={isDefault ? undefined : t("settings.legal.defaultIs", { text: base.warning })}
          >
            <Textarea
              {...field}
              id={htmlFor}
              rows={2}
              lang={base.language}
              placeholder={base.warning}
              aria-invalid={!!fieldState.error}
              aria-describedby={describedWith(htmlFor, { hint: true, note: !isDefault }, fieldState.error)}
            />
            <FieldErrorText htmlFor={htmlFor} error={fieldState.error} t={t} />
            <div>
              <Button
                type="button"
                size="small"
                variant="secondary"
                disabled={isDefault}
                onClick={() => form.setValue(field.name, base.warning, { shouldDirty: true, shouldValidate: true })}
                data-testid={`${htmlFor}-reset`}
              >
                {t("settings.legal.reset")}
              </Button>
            </div>
          </Field>
        )
      }}
    />
  )
}
