import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import type {
  SettingsUpdateBody,
  SettingsView,
  ShippingOptionView,
  VerifyBody,
  VerifyResult,
} from "../../lib/http/http-types"
import type { Mode } from "../../lib/settings/mode"
import { useBnplI18n } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"
import { removedKey } from "../lib/settings-changes"

const SETTINGS_KEY = ["bnpl", "settings"]
const SHIPPING_OPTIONS_KEY = ["bnpl", "shipping-options"]

/** `GET /admin/bnpl/settings`: the effective settings and where each comes from. */
export const useSettings = () =>
  useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => sdk.client.fetch<{ settings: SettingsView }>("/admin/bnpl/settings"),
  })

/** The store's shipping options and what each is sent as, by name. */
export const useShippingOptions = () =>
  useQuery({
    queryKey: SHIPPING_OPTIONS_KEY,
    queryFn: () => sdk.client.fetch<{ shipping_options: ShippingOptionView[] }>("/admin/bnpl/shipping-options"),
    select: ({ shipping_options }) => [...shipping_options].sort((a, b) => a.name.localeCompare(b.name)),
  })

/**
 * Saves a change (`POST /admin/bnpl/settings`) and says so. `onSaved` gets what the backend
 * now uses (and the account whose key was removed); the failure's message stays shown in
 * `error` until the next save or `clearError`.
 */
export function useSaveSettings(onSaved: (saved: SettingsView, removed?: Mode) => void) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: (body: SettingsUpdateBody) =>
      sdk.client.fetch<{ settings: SettingsView }>("/admin/bnpl/settings", { method: "POST", body }),
    onSuccess: ({ settings }, body) => {
      queryClient.setQueryData(SETTINGS_KEY, { settings })
      // The mapping shown for each option follows the overrides just saved.
      void queryClient.invalidateQueries({ queryKey: SHIPPING_OPTIONS_KEY })
      setError(null)
      const removed = removedKey(body)
      onSaved(settings, removed)
      toast.success(removed ? t("settings.toast.keyRemoved") : t("settings.toast.saved"))
    },
    onError: (e) => {
      const message = errorMessage(e, t)
      setError(message)
      toast.error(t("settings.toast.notSaved"), { description: message })
    },
  })
  return { save: mutation.mutate, isSaving: mutation.isPending, error, clearError: () => setError(null) }
}

/**
 * Verify (`POST /admin/bnpl/settings/verify`): each account's last verdict; a call that could
 * not run is shown as "unreachable" with why.
 */
export function useVerifyAccount() {
  const { t } = useBnplI18n()
  const [outcomes, setOutcomes] = useState<Partial<Record<Mode, VerifyResult>>>({})
  const remember = (mode: Mode, outcome?: VerifyResult) => setOutcomes((current) => ({ ...current, [mode]: outcome }))
  const mutation = useMutation({
    mutationFn: (body: VerifyBody & { mode: Mode }) =>
      sdk.client.fetch<VerifyResult>("/admin/bnpl/settings/verify", { method: "POST", body }),
    onSuccess: (outcome, body) => remember(body.mode, outcome),
    onError: (e, body) =>
      remember(body.mode, {
        result: "unreachable",
        message: t("settings.verify.couldNotRun", { message: errorMessage(e, t) }),
      }),
  })
  return {
    verify: mutation.mutate,
    verifying: mutation.isPending ? mutation.variables?.mode : undefined,
    outcomes,
    forget: (mode: Mode) => remember(mode, undefined),
  }
}
