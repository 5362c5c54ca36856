import { Text } from "@medusajs/ui"
import type { SettingSource } from "../../../lib/http/http-types"
import { useBnplI18n } from "../../lib/i18n"

/**
 * "Current value: saved here" (or from the options, the environment variable `env`, the default).
 * In a `Field` or `SwitchField` it is read with the control (the field's hint id); elsewhere give
 * it an `id` and point the control's `aria-describedby` at it.
 */
export function SourceHint({ source, env, id }: { source?: SettingSource; env?: string; id?: string }) {
  const { t } = useBnplI18n()
  if (!source) {
    return null
  }
  const words = source === "env" && env ? t("settings.source.envNamed", { name: env }) : t(`settings.source.${source}`)
  return (
    <Text size="xsmall" className="text-ui-fg-muted" id={id}>
      {t("settings.source.current", { words })}
    </Text>
  )
}
