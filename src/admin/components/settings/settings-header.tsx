import { Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { SettingsView } from "../../../lib/http/http-types"
import { useBnplI18n } from "../../lib/i18n"

/** The page's title, what it is for, and whether the account in use has a key. */
export function SettingsHeader({ settings }: { settings: SettingsView }) {
  const { t } = useBnplI18n()
  return (
    <Container className="flex items-start justify-between gap-x-4 px-6 py-4">
      <div>
        <Heading>{t("settings.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("settings.intro")}
        </Text>
      </div>
      {settings.api_key_set ? (
        <StatusBadge className="whitespace-nowrap" color="green">
          {t("settings.keySet")}
        </StatusBadge>
      ) : (
        <StatusBadge className="whitespace-nowrap" color="orange">
          {t("settings.noKey")}
        </StatusBadge>
      )}
    </Container>
  )
}
