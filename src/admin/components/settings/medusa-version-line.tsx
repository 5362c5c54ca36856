import { Container, Text } from "@medusajs/ui"
import type { SettingsView } from "../../../lib/http/http-types"
import { useBnplI18n } from "../../lib/i18n"

/**
 * Under the settings: the Medusa and Node versions the backend found, the Medusa versions the
 * plugin is tested with, and what it does outside them (issue 43). Plain text only: whether new
 * payments are taken is said in words, never by a colour.
 */
export function MedusaVersionLine({ settings }: { settings: SettingsView }) {
  const { t } = useBnplI18n()
  const versions = settings.medusa_version
  const state =
    versions.status === "tested" ? "tested" : versions.status === "untested_allowed" ? "untestedAllowed" : "refused"
  return (
    <Container className="flex flex-col gap-y-1 px-6 py-4" data-testid="bnpl-medusa-versions">
      <Text size="small" data-testid="bnpl-medusa-versions-found">
        {t("settings.versions.found", {
          medusa: versions.found ?? t("settings.versions.medusaUnknown"),
          node: versions.node,
          lowest: versions.tested.lowest,
          highest: versions.tested.highest,
        })}
      </Text>
      <Text size="small" data-testid="bnpl-medusa-versions-state">
        {t(`settings.versions.${state}`)}
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        {t("settings.versions.outside")}
      </Text>
    </Container>
  )
}
