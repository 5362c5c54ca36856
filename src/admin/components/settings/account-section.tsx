import { Trash } from "@medusajs/icons"
import { Alert, Badge, Button, Input, StatusBadge, usePrompt } from "@medusajs/ui"
import { Controller, type UseFormReturn } from "react-hook-form"
import type { AccountView, SettingsView } from "../../../lib/http/http-types"
import type { Mode } from "../../../lib/settings/mode"
import type { useSaveSettings, useVerifyAccount } from "../../hooks/use-settings"
import { useBnplI18n } from "../../lib/i18n"
import { verifyBody } from "../../lib/settings-changes"
import type { SettingsFormValues } from "../../lib/settings-form"
import { describedBy, Field } from "../common/field"
import { Section } from "../common/section"
import { SourceHint } from "./source-hint"
import { VerifyOutcome } from "./verify-outcome"

type Props = {
  mode: Mode
  form: UseFormReturn<SettingsFormValues>
  settings: SettingsView
  verify: ReturnType<typeof useVerifyAccount>
  saving: ReturnType<typeof useSaveSettings>
}

/** One of the store's two accounts (test, live): its key, its URL, and Verify. */
export function AccountSection({ mode, form, settings, verify, saving }: Props) {
  const { t } = useBnplI18n()
  const outcome = verify.outcomes[mode]
  const actions = (
    <div className="flex items-center gap-x-2">
      {settings.mode === mode ? (
        <StatusBadge color={mode === "live" ? "green" : "orange"}>{t("settings.mode.inUse")}</StatusBadge>
      ) : null}
      <Button
        size="small"
        variant="secondary"
        onClick={() => verify.verify(verifyBody(form.getValues(), settings, mode))}
        isLoading={verify.verifying === mode}
        data-testid={`bnpl-verify-${mode}`}
      >
        {t("settings.verify.button")}
      </Button>
    </div>
  )
  return (
    <Section
      title={t(`settings.account.title_${mode}`)}
      description={t(`settings.account.description_${mode}`)}
      actions={actions}
    >
      <ApiKeyField mode={mode} form={form} account={settings.accounts[mode]} saving={saving} />
      <ApiUrlField mode={mode} form={form} account={settings.accounts[mode]} />
      {outcome ? (
        <div className="px-6 py-4">
          <VerifyOutcome outcome={outcome} />
        </div>
      ) : null}
    </Section>
  )
}

type FieldProps = Pick<Props, "mode" | "form"> & { account: AccountView }

/** The saved key's mask (never the key), Remove, and an input to paste a new one. */
function ApiKeyField({ mode, form, account, saving }: FieldProps & Pick<Props, "saving">) {
  const { t } = useBnplI18n()
  const prompt = usePrompt()
  const removeKey = async () => {
    const confirmed = await prompt({
      title: t("settings.removeKey.title"),
      description: t("settings.removeKey.description"),
      confirmText: t("settings.removeKey.button"),
      cancelText: t("common.cancel"),
    })
    if (confirmed) {
      saving.save({ [`${mode}_api_key`]: null })
    }
  }
  return (
    <Field
      label={t("settings.account.apiKey")}
      htmlFor={`bnpl-api-key-${mode}`}
      hint={<SourceHint source={account.source.api_key} env={mode === "live" ? "BNPL_API_KEY" : "BNPL_API_KEY_TEST"} />}
    >
      {account.api_key_set ? (
        <div className="flex items-center gap-x-2">
          <Badge size="small" className="font-mono" data-testid={`bnpl-key-hint-${mode}`}>
            {account.api_key_hint ?? t("settings.account.keySetFallback")}
          </Badge>
          {account.source.api_key === "settings" ? (
            <Button
              size="small"
              variant="transparent"
              onClick={removeKey}
              disabled={saving.isSaving}
              data-testid={`bnpl-remove-key-${mode}`}
            >
              <Trash />
              {t("settings.removeKey.button")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {account.api_key_problem ? <Alert variant="warning">{account.api_key_problem}</Alert> : null}
      <Controller
        control={form.control}
        name={`accounts.${mode}.api_key`}
        render={({ field }) => (
          <Input
            {...field}
            id={`bnpl-api-key-${mode}`}
            aria-describedby={describedBy(`bnpl-api-key-${mode}`, { hint: true })}
            type="password"
            size="small"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={
              account.api_key_set
                ? t("settings.account.replacePlaceholder")
                : t(`settings.account.newPlaceholder_${mode}`)
            }
          />
        )}
      />
    </Field>
  )
}

/** The service URL this account talks to (empty: the options' or the environment's). */
function ApiUrlField({ mode, form, account }: FieldProps) {
  const { t } = useBnplI18n()
  return (
    <Field
      label={t("settings.account.url")}
      htmlFor={`bnpl-api-url-${mode}`}
      hint={<SourceHint source={account.source.api_url} env={mode === "live" ? "BNPL_API_URL" : "BNPL_API_URL_TEST"} />}
      note={t(`settings.account.urlHint_${mode}`)}
    >
      <Controller
        control={form.control}
        name={`accounts.${mode}.api_url`}
        render={({ field }) => (
          <Input
            {...field}
            id={`bnpl-api-url-${mode}`}
            aria-describedby={describedBy(`bnpl-api-url-${mode}`, { hint: true, note: true })}
            size="small"
            placeholder="https://api.example.com"
          />
        )}
      />
    </Field>
  )
}
