import { Button, Text, usePrompt } from "@medusajs/ui"
import { useNotificationToken } from "../../hooks/use-notification-token"
import { useBnplI18n } from "../../lib/i18n"

/**
 * The notification tokens (one per account, in the notification URL of payments whose account
 * does not check signatures): Rotate, or Revoke now after one leaked. Applies at once, not with
 * Save; Revoke asks first (payments in flight lose their notification).
 */
export function NotificationToken() {
  const { t } = useBnplI18n()
  const prompt = usePrompt()
  const token = useNotificationToken()
  const revoke = async () => {
    const confirmed = await prompt({
      title: t("settings.token.revokeTitle"),
      description: t("settings.token.revokeConfirm"),
      confirmText: t("settings.token.revoke"),
      cancelText: t("common.cancel"),
    })
    if (confirmed) {
      token.revoke()
    }
  }
  return (
    <div className="flex flex-col gap-y-2" data-testid="bnpl-notification-token">
      <Text size="small" weight="plus" id="bnpl-notification-token-title">
        {t("settings.token.title")}
      </Text>
      <Text size="small" className="text-ui-fg-subtle" id="bnpl-notification-token-description">
        {t("settings.token.description")}
      </Text>
      <div className="flex items-center gap-x-2">
        <Button
          type="button"
          size="small"
          variant="secondary"
          isLoading={token.rotating}
          disabled={token.busy}
          aria-describedby="bnpl-notification-token-description"
          onClick={token.rotate}
          data-testid="bnpl-rotate-token"
        >
          {t("settings.token.rotate")}
        </Button>
        <Button
          type="button"
          size="small"
          variant="danger"
          isLoading={token.revoking}
          disabled={token.busy}
          aria-describedby="bnpl-notification-token-description"
          onClick={revoke}
          data-testid="bnpl-revoke-token"
        >
          {t("settings.token.revoke")}
        </Button>
      </div>
    </div>
  )
}
