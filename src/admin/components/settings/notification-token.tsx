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
  // Rotate and Revoke: the same explanation, one at a time (busy).
  const actions = [
    {
      action: "rotate",
      label: t("settings.token.rotate"),
      variant: "secondary",
      loading: token.rotating,
      onClick: token.rotate,
    },
    {
      action: "revoke",
      label: t("settings.token.revoke"),
      variant: "danger",
      loading: token.revoking,
      onClick: revoke,
    },
  ] as const
  return (
    <div className="flex flex-col gap-y-2" data-testid="bnpl-notification-token">
      <Text size="small" weight="plus" id="bnpl-notification-token-title">
        {t("settings.token.title")}
      </Text>
      <Text size="small" className="text-ui-fg-subtle" id="bnpl-notification-token-description">
        {t("settings.token.description")}
      </Text>
      <div className="flex items-center gap-x-2">
        {actions.map(({ action, label, variant, loading, onClick }) => (
          <Button
            key={action}
            type="button"
            size="small"
            variant={variant}
            isLoading={loading}
            disabled={token.busy}
            aria-describedby="bnpl-notification-token-description"
            onClick={onClick}
            data-testid={`bnpl-${action}-token`}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  )
}
