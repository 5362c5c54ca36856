import { Text } from "@medusajs/ui"
import type { SettingSource } from "../../../lib/http-types"
import { useBnplI18n } from "../../lib/i18n"

/** "Current value: saved here" (or from the options, the environment variable `env`, the default). */
export function SourceHint({ source, env }: { source?: SettingSource; env?: string }) {
  const { t } = useBnplI18n()
  if (!source) {
    return null
  }
  const words = source === "env" && env ? t("settings.source.envNamed", { name: env }) : t(`settings.source.${source}`)
  return (
    <Text size="xsmall" className="text-ui-fg-muted">
      {t("settings.source.current", { words })}
    </Text>
  )
}
