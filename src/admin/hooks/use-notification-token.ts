import { toast } from "@medusajs/ui"
import { useMutation } from "@tanstack/react-query"
import { useBnplI18n } from "../lib/i18n"
import { formatDate } from "../lib/format"
import { errorMessage, sdk } from "../lib/sdk"

const ROUTE = "/admin/bnpl/settings/notification-token"

/**
 * The notification tokens of both accounts: Rotate (`POST .../rotate`: the previous ones stay
 * accepted 7 days for the payments made before) and Revoke now (`POST .../revoke`: refused at
 * once). Neither answers a token; each says what it did.
 */
export function useNotificationToken() {
  const { t, locale } = useBnplI18n()
  const failed = (e: unknown) => toast.error(t("settings.token.failed"), { description: errorMessage(e, t) })
  const rotate = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ previous_accepted_until: string }>(`${ROUTE}/rotate`, { method: "POST", body: {} }),
    onSuccess: ({ previous_accepted_until }) =>
      toast.success(t("settings.token.rotated"), {
        description: t("settings.token.rotatedDescription", {
          date: formatDate(previous_accepted_until, locale, true),
        }),
      }),
    onError: failed,
  })
  const revoke = useMutation({
    mutationFn: () => sdk.client.fetch<{ revoked_at: string }>(`${ROUTE}/revoke`, { method: "POST", body: {} }),
    onSuccess: () =>
      toast.success(t("settings.token.revoked"), { description: t("settings.token.revokedDescription") }),
    onError: failed,
  })
  return {
    rotate: () => rotate.mutate(),
    revoke: () => revoke.mutate(),
    busy: rotate.isPending || revoke.isPending,
    rotating: rotate.isPending,
    revoking: revoke.isPending,
  }
}
