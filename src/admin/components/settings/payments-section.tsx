import { Input } from "@medusajs/ui"
import { Controller, useWatch } from "react-hook-form"
import { useBnplI18n } from "../../lib/i18n"
import type { SectionProps } from "../../lib/settings-form"
import { describedBy, Field } from "../common/field"
import { Section } from "../common/section"
import { NotificationToken } from "./notification-token"
import { SettingSwitch } from "./setting-switch"
import { SourceHint } from "./source-hint"

/** Automatic capture, the notifications' signature check and their tokens. */
export function PaymentsSection({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  return (
    <Section title={t("settings.payments.title")}>
      <SettingSwitch
        form={form}
        settings={settings}
        name="auto_capture"
        id="bnpl-auto-capture"
        label={t("settings.payments.autoCapture")}
        description={t("settings.payments.autoCaptureDescription")}
      />
      <SettingSwitch
        form={form}
        settings={settings}
        name="verify_notification_signature"
        id="bnpl-verify-signature"
        label={t("settings.payments.verifySignature")}
        description={t("settings.payments.verifySignatureDescription")}
      />
      <SignatureHeaderField form={form} settings={settings} />
      <NotificationToken />
    </Section>
  )
}

/** The header carrying the signature: greyed while the check is off and no header is set. */
function SignatureHeaderField({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  const verifying = useWatch({ control: form.control, name: "verify_notification_signature" })
  return (
    <Field
      label={t("settings.payments.signatureHeader")}
      htmlFor="bnpl-signature-header"
      hint={<SourceHint source={settings.source.notification_signature_header ?? null} />}
    >
      <Controller
        control={form.control}
        name="notification_signature_header"
        render={({ field }) => (
          <Input
            {...field}
            id="bnpl-signature-header"
            aria-describedby={describedBy("bnpl-signature-header", { hint: true })}
            size="small"
            placeholder="x-bnpl-signature"
            disabled={!verifying && !field.value}
          />
        )}
      />
    </Field>
  )
}
