import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownMini, ArrowUpMini, CreditCard, Plus, Trash } from "@medusajs/icons"
import {
  Alert,
  Badge,
  Button,
  Container,
  Heading,
  IconButton,
  Input,
  Label,
  Select,
  StatusBadge,
  Switch,
  Table,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useMemo, useState, type ReactNode } from "react"
import { mappingReason, planLabel, shippingMethodLabel } from "../../../lib/format"
import { useBnplI18n } from "../../../lib/i18n"
import { errorMessage, sdk, statusOf } from "../../../lib/sdk"
import { ExcludedProducts } from "../../../components/settings/excluded-products"
import {
  SHIPPING_METHODS,
  type BnplSettings,
  type BnplSettingsPatch,
  type BnplShippingOption,
  type Exclusions,
  type Plan,
  type PlanBounds,
  type SettingSource,
  type ShippingMethod,
  type ShippingOverride,
  type VerifyResult,
  MODES,
  type Mode,
} from "../../../lib/types"

const SETTINGS_KEY = ["bnpl", "settings"]
const SHIPPING_OPTIONS_KEY = ["bnpl", "shipping-options"]

// ------------------------------------------------------------------ data

type ShippingOptionsAnswer = {
  shipping_options: BnplShippingOption[]
  /** Set when the plugin's explained list is not available (an older backend). */
  olderBackend?: boolean
}

async function fetchShippingOptions(): Promise<ShippingOptionsAnswer> {
  try {
    return await sdk.client.fetch<ShippingOptionsAnswer>("/admin/bnpl/shipping-options")
  } catch (error) {
    if (statusOf(error) !== 404) {
      throw error
    }
  }
  // An older backend without the explained list: the store's own options, so overrides can
  // still be chosen; what each maps to is then not shown.
  try {
    const { shipping_options } = await sdk.client.fetch<{
      shipping_options: { id: string; name: string; provider_id?: string | null; type?: BnplShippingOption["type"] }[]
    }>("/admin/shipping-options", { query: { limit: 200, fields: "id,name,provider_id,*type" } })
    return {
      shipping_options: shipping_options.map((o) => ({ id: o.id, name: o.name, provider_id: o.provider_id, type: o.type })),
      olderBackend: true,
    }
  } catch {
    return { shipping_options: [], olderBackend: true }
  }
}

// ------------------------------------------------------------------ form state

type Deferral = "none" | "days" | "months"
/** One offered plan as edited: its rank in the list is its display order at checkout. */
type PlanRow = { key: number; installments: string; deferral: Deferral; delay: string; min: string; max: string }

type FormState = {
  mode: Mode
  /** Each account's key as typed (empty: unchanged) and URL. */
  accounts: Record<Mode, { apiKey: string; apiUrl: string }>
  plans: PlanRow[]
  autoCapture: boolean
  shippingSyncEnabled: boolean
  overrides: Record<string, ShippingOverride>
  verifySignature: boolean
  signatureHeader: string
  exclusions: Exclusions
}

let rowKey = 0
const amountText = (value: number | null | undefined) => (typeof value === "number" ? String(value) : "")
const planRow = (plan?: Plan, bounds?: PlanBounds): PlanRow => ({
  key: ++rowKey,
  installments: plan ? String(plan.installments_count) : "",
  deferral: plan?.deferred_days ? "days" : plan?.deferred_months ? "months" : "none",
  delay: plan?.deferred_days ? String(plan.deferred_days) : plan?.deferred_months ? String(plan.deferred_months) : "",
  min: amountText(bounds?.min_amount),
  max: amountText(bounds?.max_amount),
})

/** One account as the backend shows it (an older backend: its single account is the live one). */
function accountOf(settings: BnplSettings, mode: Mode) {
  return (
    settings.accounts?.[mode] ??
    (mode === "live"
      ? { ...settings, api_key_problem: settings.api_key_problem ?? null, source: { api_key: settings.source?.api_key ?? null, api_url: settings.source?.api_url ?? null } }
      : { api_key_set: false, api_key_hint: null, api_key_problem: null, api_url: null, source: { api_key: null, api_url: null } })
  )
}

function formFrom(settings: BnplSettings): FormState {
  return {
    mode: settings.mode ?? "live",
    accounts: {
      test: { apiKey: "", apiUrl: accountOf(settings, "test").api_url ?? "" },
      live: { apiKey: "", apiUrl: accountOf(settings, "live").api_url ?? "" },
    },
    plans: settings.plans.map((plan) => planRow(plan, (settings.plan_bounds ?? []).find((b) => planKey(b) === planKey(plan)))),
    autoCapture: settings.auto_capture,
    shippingSyncEnabled: settings.shipping_sync_enabled,
    overrides: cleanOverrides(settings.shipping_method_overrides ?? {}),
    verifySignature: settings.verify_notification_signature,
    signatureHeader: settings.notification_signature_header ?? "",
    exclusions: settings.exclusions ?? {},
  }
}

/** The same exclusions, whatever their order or empty lists. */
const exclusionsKey = (exclusions: Exclusions) =>
  JSON.stringify(
    Object.entries(exclusions)
      .filter(([, ids]) => ids?.length)
      .map(([field, ids]) => [field, [...(ids ?? [])].sort()])
      .sort()
  )

/** The plan a row says; numbers the merchant typed are checked by the backend (400 names them). */
function rowToPlan(row: PlanRow): Plan {
  const plan: Plan = { installments_count: Number(row.installments) }
  const delay = Number(row.delay)
  if (row.deferral === "days" && row.delay !== "") {
    plan.deferred_days = delay
  }
  if (row.deferral === "months" && row.delay !== "") {
    plan.deferred_months = delay
  }
  return plan
}

const planKey = (plan: Plan) => `${plan.installments_count}/${plan.deferred_days || 0}/${plan.deferred_months || 0}`

/** The rows' bounds as the backend takes them (amounts the merchant typed are checked there: 400 names them). */
function rowsToBounds(rows: PlanRow[]): PlanBounds[] {
  return rows
    .filter((row) => row.min.trim() !== "" || row.max.trim() !== "")
    .map((row) => ({
      ...rowToPlan(row),
      ...(row.min.trim() !== "" ? { min_amount: Number(row.min.replace(",", ".")) } : {}),
      ...(row.max.trim() !== "" ? { max_amount: Number(row.max.replace(",", ".")) } : {}),
    }))
}

const boundsKey = (bounds: PlanBounds[]) =>
  bounds
    .filter((b) => typeof b.min_amount === "number" || typeof b.max_amount === "number")
    .map((b) => `${planKey(b)}:${b.min_amount ?? ""}-${b.max_amount ?? ""}`)
    .sort()
    .join(",")

function cleanOverrides(overrides: Record<string, ShippingOverride>): Record<string, ShippingOverride> {
  const out: Record<string, ShippingOverride> = {}
  for (const [id, override] of Object.entries(overrides)) {
    const entry: ShippingOverride = {}
    if (override?.shipping_method) {
      entry.shipping_method = override.shipping_method
    }
    if (typeof override?.express_delivery === "boolean") {
      entry.express_delivery = override.express_delivery
    }
    if (Object.keys(entry).length) {
      out[id] = entry
    }
  }
  return out
}

const sameOverrides = (a: Record<string, ShippingOverride>, b: Record<string, ShippingOverride>) => {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...ids].every(
    (id) => a[id]?.shipping_method === b[id]?.shipping_method && a[id]?.express_delivery === b[id]?.express_delivery
  )
}

/** Only what the merchant changed: untouched fields keep their source (admin, options, env). */
function changesOf(form: FormState, settings: BnplSettings): BnplSettingsPatch {
  const patch: BnplSettingsPatch = {}
  for (const mode of MODES) {
    const typed = form.accounts[mode]
    if (typed.apiKey.trim()) {
      patch[`${mode}_api_key`] = typed.apiKey.trim()
    }
    if (typed.apiUrl.trim() !== (accountOf(settings, mode).api_url ?? "")) {
      // Emptied: back to the plugin options or BNPL_API_URL(_TEST).
      patch[`${mode}_api_url`] = typed.apiUrl.trim() || null
    }
  }
  if (settings.mode && form.mode !== settings.mode) {
    patch.mode = form.mode
  }
  const plans = form.plans.map(rowToPlan)
  if (plans.map(planKey).join(",") !== settings.plans.map(planKey).join(",")) {
    patch.plans = plans
  }
  const bounds = rowsToBounds(form.plans)
  if (boundsKey(bounds) !== boundsKey(settings.plan_bounds ?? [])) {
    patch.plan_bounds = bounds
  }
  if (form.autoCapture !== settings.auto_capture) {
    patch.auto_capture = form.autoCapture
  }
  if (form.shippingSyncEnabled !== settings.shipping_sync_enabled) {
    patch.shipping_sync_enabled = form.shippingSyncEnabled
  }
  if (!sameOverrides(form.overrides, cleanOverrides(settings.shipping_method_overrides ?? {}))) {
    patch.shipping_method_overrides = form.overrides
  }
  if (form.verifySignature !== settings.verify_notification_signature) {
    patch.verify_notification_signature = form.verifySignature
  }
  if (exclusionsKey(form.exclusions) !== exclusionsKey(settings.exclusions ?? {})) {
    patch.exclusions = form.exclusions
  }
  if (form.signatureHeader.trim() !== (settings.notification_signature_header ?? "")) {
    patch.notification_signature_header = form.signatureHeader.trim() || null
  }
  return patch
}

// ------------------------------------------------------------------ small pieces

function SourceHint({ source, env }: { source?: SettingSource; env?: string }) {
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

function Section({ title, description, children, actions }: { title: string; description?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{title}</Heading>
          {description ? (
            <Text size="small" className="text-ui-fg-subtle">
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </div>
      {children}
    </Container>
  )
}

function Field({ label, htmlFor, hint, children }: { label: string; htmlFor?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 px-6 py-4 md:grid-cols-[240px_1fr]">
      <div className="flex flex-col gap-y-1">
        <Label htmlFor={htmlFor} size="small" weight="plus">
          {label}
        </Label>
        {hint}
      </div>
      <div className="flex flex-col gap-y-2">{children}</div>
    </div>
  )
}

function SwitchField({
  id,
  label,
  description,
  checked,
  onChange,
  hint,
}: {
  id: string
  label: string
  description: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: ReactNode
}) {
  return (
    <div className="flex items-start justify-between gap-x-6 px-6 py-4">
      <div className="flex flex-col gap-y-1">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        <Text size="small" className="text-ui-fg-subtle">
          {description}
        </Text>
        {hint}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  )
}

const VERIFY_COLORS: Record<VerifyResult["result"], "green" | "orange" | "red" | "grey"> = {
  works: "green",
  not_activated: "orange",
  unauthorized: "red",
  unreachable: "red",
  not_configured: "grey",
}

/** Verdicts explained in the user's language; the others show the backend's own words (a URL, an error). */
const DETAILED: VerifyResult["result"][] = ["works", "not_activated", "unauthorized"]

/** The verdict in the user's language, and what it means. */
function VerifyOutcome({ outcome }: { outcome: VerifyResult }) {
  const { t } = useBnplI18n()
  const color = VERIFY_COLORS[outcome.result]
  const words = color ? { label: t(`settings.verify.${outcome.result}`), color } : { label: outcome.result, color: "grey" as const }
  return (
    <div data-testid="bnpl-verify-result" data-result={outcome.result} className="flex flex-col gap-y-1 rounded-md border border-ui-border-base bg-ui-bg-subtle px-3 py-2">
      <StatusBadge color={words.color} className="w-fit">
        {words.label}
      </StatusBadge>
      <Text size="small" className="text-ui-fg-subtle">
        {DETAILED.includes(outcome.result) ? t(`settings.verify.${outcome.result}Detail`) : outcome.message}
      </Text>
      {outcome.notification_url ? (
        <Text size="xsmall" className="text-ui-fg-muted" data-testid="bnpl-notification-url">
          {t("settings.verify.notificationUrl", { url: outcome.notification_url })}
        </Text>
      ) : null}
    </div>
  )
}

// ------------------------------------------------------------------ the page

const BnplSettingsPage = () => {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  const prompt = usePrompt()

  const settingsQuery = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => sdk.client.fetch<{ settings: BnplSettings }>("/admin/bnpl/settings"),
  })
  const shippingQuery = useQuery({ queryKey: SHIPPING_OPTIONS_KEY, queryFn: fetchShippingOptions })

  const settings = settingsQuery.data?.settings
  const [form, setForm] = useState<FormState | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [verifyOutcome, setVerifyOutcome] = useState<Partial<Record<Mode, VerifyResult>>>({})

  useEffect(() => {
    if (settings && !form) {
      setForm(formFrom(settings))
    }
  }, [settings, form])

  const applySaved = (saved: BnplSettings) => {
    queryClient.setQueryData(SETTINGS_KEY, { settings: saved })
    queryClient.invalidateQueries({ queryKey: SHIPPING_OPTIONS_KEY })
    setForm(formFrom(saved))
    setSaveError(null)
  }

  const save = useMutation({
    mutationFn: (patch: BnplSettingsPatch) =>
      sdk.client.fetch<{ settings: BnplSettings }>("/admin/bnpl/settings", { method: "POST", body: patch }),
    onSuccess: ({ settings: saved }, patch) => {
      applySaved(saved)
      const removed = MODES.find((mode) => patch[`${mode}_api_key`] === null)
      if (removed) {
        setVerifyOutcome((current) => ({ ...current, [removed]: undefined }))
        toast.success(t("settings.toast.keyRemoved"))
      } else {
        toast.success(t("settings.toast.saved"))
      }
    },
    onError: (error) => {
      const message = errorMessage(error, t)
      setSaveError(message)
      toast.error(t("settings.toast.notSaved"), { description: message })
    },
  })

  const verify = useMutation({
    mutationFn: (body: { mode: Mode; api_key?: string; api_url?: string }) =>
      sdk.client.fetch<VerifyResult>("/admin/bnpl/settings/verify", { method: "POST", body }),
    onSuccess: (outcome, body) => setVerifyOutcome((current) => ({ ...current, [body.mode]: outcome })),
    onError: (error, body) =>
      setVerifyOutcome((current) => ({
        ...current,
        [body.mode]: { result: "unreachable", message: t("settings.verify.couldNotRun", { message: errorMessage(error, t) }) },
      })),
  })

  const patch = useMemo(() => (form && settings ? changesOf(form, settings) : {}), [form, settings])
  const dirty = Object.keys(patch).length > 0

  if (settingsQuery.isError) {
    return (
      <Container className="px-6 py-4">
        <Heading>{t("settings.title")}</Heading>
        <Alert variant="error" className="mt-4">
          {t("settings.loadError", { message: errorMessage(settingsQuery.error, t) })}
        </Alert>
      </Container>
    )
  }
  if (!settings || !form) {
    return (
      <Container className="px-6 py-4">
        <Heading>{t("settings.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-2">
          {t("common.loading")}
        </Text>
      </Container>
    )
  }

  const update = (change: Partial<FormState>) => setForm((current) => (current ? { ...current, ...change } : current))
  const updatePlan = (key: number, change: Partial<PlanRow>) =>
    update({ plans: form.plans.map((row) => (row.key === key ? { ...row, ...change } : row)) })
  const movePlan = (index: number, by: -1 | 1) => {
    const plans = [...form.plans]
    ;[plans[index], plans[index + by]] = [plans[index + by], plans[index]]
    update({ plans })
  }
  const setOverride = (optionId: string, change: ShippingOverride) => {
    const next = { ...form.overrides, [optionId]: { ...form.overrides[optionId], ...change } }
    update({ overrides: cleanOverrides(next) })
  }

  const removeKey = async (mode: Mode) => {
    const confirmed = await prompt({
      title: t("settings.removeKey.title"),
      description: t("settings.removeKey.description"),
      confirmText: t("settings.removeKey.button"),
      cancelText: t("common.cancel"),
    })
    if (confirmed) {
      save.mutate({ [`${mode}_api_key`]: null })
    }
  }

  const runVerify = (mode: Mode) => {
    const typed = form.accounts[mode]
    const body: { mode: Mode; api_key?: string; api_url?: string } = { mode }
    if (typed.apiKey.trim()) {
      body.api_key = typed.apiKey.trim()
    }
    if (typed.apiUrl.trim() && typed.apiUrl.trim() !== (accountOf(settings, mode).api_url ?? "")) {
      body.api_url = typed.apiUrl.trim()
    }
    verify.mutate(body)
  }
  const updateAccount = (mode: Mode, change: Partial<FormState["accounts"][Mode]>) =>
    update({ accounts: { ...form.accounts, [mode]: { ...form.accounts[mode], ...change } } })

  const source = settings.source ?? {}
  const options = [...(shippingQuery.data?.shipping_options ?? [])].sort((a, b) => a.name.localeCompare(b.name))

  return (
    <div className="flex flex-col gap-y-3" data-testid="bnpl-settings">
      <Container className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading>{t("settings.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("settings.intro")}
          </Text>
        </div>
        {settings.api_key_set ? (
          <StatusBadge className="whitespace-nowrap" color="green">{t("settings.keySet")}</StatusBadge>
        ) : (
          <StatusBadge className="whitespace-nowrap" color="orange">{t("settings.noKey")}</StatusBadge>
        )}
      </Container>

      {saveError ? (
        <Alert variant="error" dismissible data-testid="bnpl-save-error">
          {saveError}
        </Alert>
      ) : null}

      <Section title={t("settings.mode.title")} description={t("settings.mode.description")}>
        <Field label={t("settings.mode.label")} htmlFor="bnpl-mode">
          <Select value={form.mode} onValueChange={(mode) => update({ mode: mode as Mode })}>
            <Select.Trigger id="bnpl-mode" data-testid="bnpl-mode">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {MODES.map((mode) => (
                <Select.Item key={mode} value={mode}>
                  {t(`settings.mode.${mode}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <Text size="xsmall" className="text-ui-fg-muted">
            {t("settings.mode.hint")}
          </Text>
        </Field>
      </Section>

      {MODES.map((mode) => {
        const account = accountOf(settings, mode)
        const typed = form.accounts[mode]
        const outcome = verifyOutcome[mode]
        return (
          <Section
            key={mode}
            title={t(`settings.account.title_${mode}`)}
            description={t(`settings.account.description_${mode}`)}
            actions={
              <div className="flex items-center gap-x-2">
                {settings.mode === mode ? <StatusBadge color={mode === "live" ? "green" : "orange"}>{t("settings.mode.inUse")}</StatusBadge> : null}
                <Button size="small" variant="secondary" onClick={() => runVerify(mode)} isLoading={verify.isPending && verify.variables?.mode === mode} data-testid={`bnpl-verify-${mode}`}>
                  {t("settings.verify.button")}
                </Button>
              </div>
            }
          >
            <Field
              label={t("settings.account.apiKey")}
              htmlFor={`bnpl-api-key-${mode}`}
              hint={<SourceHint source={account.source.api_key ?? null} env={mode === "live" ? "BNPL_API_KEY" : "BNPL_API_KEY_TEST"} />}
            >
              {account.api_key_set ? (
                <div className="flex items-center gap-x-2">
                  <Badge size="small" className="font-mono" data-testid={`bnpl-key-hint-${mode}`}>
                    {account.api_key_hint ?? t("settings.account.keySetFallback")}
                  </Badge>
                  {account.source.api_key === "settings" ? (
                    <Button size="small" variant="transparent" onClick={() => removeKey(mode)} disabled={save.isPending} data-testid={`bnpl-remove-key-${mode}`}>
                      <Trash />
                      {t("settings.removeKey.button")}
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {account.api_key_problem ? <Alert variant="warning">{account.api_key_problem}</Alert> : null}
              <Input
                id={`bnpl-api-key-${mode}`}
                type="password"
                size="small"
                autoComplete="new-password"
                spellCheck={false}
                placeholder={account.api_key_set ? t("settings.account.replacePlaceholder") : t(`settings.account.newPlaceholder_${mode}`)}
                value={typed.apiKey}
                onChange={(e) => updateAccount(mode, { apiKey: e.target.value })}
              />
            </Field>
            <Field
              label={t("settings.account.url")}
              htmlFor={`bnpl-api-url-${mode}`}
              hint={<SourceHint source={account.source.api_url ?? null} env={mode === "live" ? "BNPL_API_URL" : "BNPL_API_URL_TEST"} />}
            >
              <Input
                id={`bnpl-api-url-${mode}`}
                size="small"
                placeholder="https://api.example.com"
                value={typed.apiUrl}
                onChange={(e) => updateAccount(mode, { apiUrl: e.target.value })}
              />
              <Text size="xsmall" className="text-ui-fg-muted">
                {t(`settings.account.urlHint_${mode}`)}
              </Text>
            </Field>
            {outcome ? (
              <div className="px-6 py-4">
                <VerifyOutcome outcome={outcome} />
              </div>
            ) : null}
          </Section>
        )
      })}

      <Section
        title={t("settings.plans.title")}
        description={t("settings.plans.description")}
        actions={
          <Button size="small" variant="secondary" onClick={() => update({ plans: [...form.plans, planRow()] })} data-testid="bnpl-add-plan">
            <Plus />
            {t("settings.plans.add")}
          </Button>
        }
      >
        <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-plans">
          {form.plans.length === 0 ? (
            <Text size="small" className="text-ui-fg-subtle">
              {t("settings.plans.empty")}
            </Text>
          ) : null}
          {form.plans.map((row, index) => (
            <div key={row.key} className="flex flex-wrap items-center gap-2">
              <Input
                aria-label={t("settings.plans.countLabel", { index: index + 1 })}
                type="number"
                min={1}
                max={48}
                size="small"
                className="w-24"
                value={row.installments}
                onChange={(e) => updatePlan(row.key, { installments: e.target.value })}
              />
              <Text size="small" className="text-ui-fg-subtle">
                {t("settings.plans.countSuffix")}
              </Text>
              <Select
                size="small"
                value={row.deferral}
                onValueChange={(value) => updatePlan(row.key, { deferral: value as Deferral })}
              >
                <Select.Trigger className="w-44" aria-label={t("settings.plans.firstPaymentLabel", { index: index + 1 })}>
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="none">{t("settings.plans.atOnce")}</Select.Item>
                  <Select.Item value="days">{t("settings.plans.afterDays")}</Select.Item>
                  <Select.Item value="months">{t("settings.plans.afterMonths")}</Select.Item>
                </Select.Content>
              </Select>
              {row.deferral !== "none" ? (
                <Input
                  aria-label={t(`settings.plans.delayLabel_${row.deferral}`, { index: index + 1 })}
                  type="number"
                  min={1}
                  size="small"
                  className="w-24"
                  value={row.delay}
                  onChange={(e) => updatePlan(row.key, { delay: e.target.value })}
                />
              ) : null}
              <Input
                aria-label={t("settings.plans.minLabel", { index: index + 1 })}
                placeholder={t("settings.plans.min")}
                inputMode="decimal"
                size="small"
                className="w-24"
                value={row.min}
                onChange={(e) => updatePlan(row.key, { min: e.target.value })}
              />
              <Input
                aria-label={t("settings.plans.maxLabel", { index: index + 1 })}
                placeholder={t("settings.plans.max")}
                inputMode="decimal"
                size="small"
                className="w-24"
                value={row.max}
                onChange={(e) => updatePlan(row.key, { max: e.target.value })}
              />
              <Text size="small" className="text-ui-fg-muted min-w-40">
                {Number(row.installments) > 0 ? planLabel(rowToPlan(row), t) : ""}
              </Text>
              <IconButton
                size="small"
                variant="transparent"
                aria-label={t("settings.plans.moveUp", { index: index + 1 })}
                disabled={index === 0}
                onClick={() => movePlan(index, -1)}
              >
                <ArrowUpMini />
              </IconButton>
              <IconButton
                size="small"
                variant="transparent"
                aria-label={t("settings.plans.moveDown", { index: index + 1 })}
                disabled={index === form.plans.length - 1}
                onClick={() => movePlan(index, 1)}
              >
                <ArrowDownMini />
              </IconButton>
              <IconButton
                size="small"
                variant="transparent"
                aria-label={t("settings.plans.remove", { index: index + 1 })}
                onClick={() => update({ plans: form.plans.filter((r) => r.key !== row.key) })}
              >
                <Trash />
              </IconButton>
            </div>
          ))}
          <Text size="xsmall" className="text-ui-fg-muted">
            {t("settings.plans.boundsHint")}
          </Text>
          <SourceHint source={source.plans ?? null} />
        </div>
      </Section>

      <Section title={t("settings.exclusions.title")} description={t("settings.exclusions.description")}>
        <ExcludedProducts value={form.exclusions} onChange={(exclusions) => update({ exclusions })} />
        <div className="px-6 py-3">
          <SourceHint source={source.exclusions ?? null} />
        </div>
      </Section>

      <Section title={t("settings.payments.title")}>
        <SwitchField
          id="bnpl-auto-capture"
          label={t("settings.payments.autoCapture")}
          description={t("settings.payments.autoCaptureDescription")}
          checked={form.autoCapture}
          onChange={(autoCapture) => update({ autoCapture })}
          hint={<SourceHint source={source.auto_capture ?? null} />}
        />
        <SwitchField
          id="bnpl-verify-signature"
          label={t("settings.payments.verifySignature")}
          description={t("settings.payments.verifySignatureDescription")}
          checked={form.verifySignature}
          onChange={(verifySignature) => update({ verifySignature })}
          hint={<SourceHint source={source.verify_notification_signature ?? null} />}
        />
        <Field label={t("settings.payments.signatureHeader")} htmlFor="bnpl-signature-header" hint={<SourceHint source={source.notification_signature_header ?? null} />}>
          <Input
            id="bnpl-signature-header"
            size="small"
            placeholder="x-bnpl-signature"
            value={form.signatureHeader}
            disabled={!form.verifySignature && !form.signatureHeader}
            onChange={(e) => update({ signatureHeader: e.target.value })}
          />
        </Field>
      </Section>

      <Section
        title={t("settings.shipping.title")}
        description={t("settings.shipping.description")}
      >
        <SwitchField
          id="bnpl-shipping-sync"
          label={t("settings.shipping.sync")}
          description={t("settings.shipping.syncDescription")}
          checked={form.shippingSyncEnabled}
          onChange={(shippingSyncEnabled) => update({ shippingSyncEnabled })}
          hint={<SourceHint source={source.shipping_sync_enabled ?? null} />}
        />
        <ShippingOptionsTable
          options={options}
          loading={shippingQuery.isLoading}
          error={shippingQuery.isError ? errorMessage(shippingQuery.error, t) : undefined}
          olderBackend={shippingQuery.data?.olderBackend}
          overrides={form.overrides}
          setOverride={setOverride}
        />
      </Section>

      <Container className="flex items-center justify-end gap-x-2 px-6 py-4">
        {dirty ? (
          <Text size="small" className="text-ui-fg-subtle mr-auto">
            {t("settings.footer.unsaved", { fields: Object.keys(patch).map((k) => t(`settings.fields.${k}`)).join(", ") })}
          </Text>
        ) : null}
        <Button
          size="small"
          variant="secondary"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setForm(formFrom(settings))
            setSaveError(null)
          }}
        >
          {t("settings.footer.discard")}
        </Button>
        <Button size="small" disabled={!dirty} isLoading={save.isPending} onClick={() => save.mutate(patch)} data-testid="bnpl-save">
          {t("settings.footer.save")}
        </Button>
      </Container>
    </div>
  )
}

function ShippingOptionsTable({
  options,
  loading,
  error,
  olderBackend,
  overrides,
  setOverride,
}: {
  options: BnplShippingOption[]
  loading: boolean
  error?: string
  olderBackend?: boolean
  overrides: Record<string, ShippingOverride>
  setOverride: (optionId: string, change: ShippingOverride) => void
}) {
  const { t } = useBnplI18n()
  return (
    <div className="flex flex-col gap-y-2 py-4" data-testid="bnpl-shipping-options">
      {olderBackend ? (
        <div className="px-6">
          <Alert variant="info">{t("settings.shipping.olderBackend")}</Alert>
        </div>
      ) : null}
      {error ? (
        <div className="px-6">
          <Alert variant="error">{t("settings.shipping.loadError", { message: error })}</Alert>
        </div>
      ) : null}
      {options.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6" data-testid="bnpl-shipping-options-empty">
          {loading ? t("settings.shipping.loadingOptions") : t("settings.shipping.noOptions")}
        </Text>
      ) : null}
      <Table className={options.length === 0 ? "hidden" : undefined}>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t("settings.shipping.option")}</Table.HeaderCell>
            <Table.HeaderCell>{t("settings.shipping.sentAs")}</Table.HeaderCell>
            <Table.HeaderCell>{t("settings.shipping.why")}</Table.HeaderCell>
            <Table.HeaderCell>{t("settings.shipping.deliveryMethod")}</Table.HeaderCell>
            <Table.HeaderCell>{t("settings.shipping.expressColumn")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {options.map((option) => {
            const override = overrides[option.id] ?? {}
            const express = override.express_delivery === undefined ? "automatic" : override.express_delivery ? "yes" : "no"
            return (
              <Table.Row key={option.id} data-option-id={option.id}>
                <Table.Cell className="py-2">
                  <div className="flex flex-col">
                    <Text size="small" weight="plus">
                      {option.name}
                    </Text>
                    <Text size="xsmall" className="text-ui-fg-muted">
                      {[option.type?.label, option.fulfillment_set_type, option.provider_id].filter(Boolean).join(" · ")}
                    </Text>
                  </div>
                </Table.Cell>
                <Table.Cell>
                  {option.mapping ? (
                    <div className="flex flex-wrap gap-1">
                      <Badge size="2xsmall">{shippingMethodLabel(option.mapping.shipping_method, t)}</Badge>
                      {option.mapping.express_delivery ? (
                        <Badge size="2xsmall" color="blue">
                          {t("common.express")}
                        </Badge>
                      ) : null}
                    </div>
                  ) : (
                    <Text size="small" className="text-ui-fg-muted">
                      -
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell className="max-w-72 whitespace-normal">
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {option.mapping ? mappingReason(option.mapping, t) : "-"}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Select
                    size="small"
                    value={override.shipping_method ?? "automatic"}
                    onValueChange={(value) =>
                      setOverride(option.id, { shipping_method: value === "automatic" ? undefined : (value as ShippingMethod) })
                    }
                  >
                    <Select.Trigger className="w-52" aria-label={t("settings.shipping.deliveryMethodFor", { name: option.name })}>
                      <Select.Value />
                    </Select.Trigger>
                    <Select.Content>
                      <Select.Item value="automatic">{t("common.automatic")}</Select.Item>
                      {SHIPPING_METHODS.map((method) => (
                        <Select.Item key={method} value={method}>
                          {shippingMethodLabel(method, t)}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select>
                </Table.Cell>
                <Table.Cell>
                  <Select
                    size="small"
                    value={express}
                    onValueChange={(value) =>
                      setOverride(option.id, { express_delivery: value === "automatic" ? undefined : value === "yes" })
                    }
                  >
                    <Select.Trigger className="w-32" aria-label={t("settings.shipping.expressFor", { name: option.name })}>
                      <Select.Value />
                    </Select.Trigger>
                    <Select.Content>
                      <Select.Item value="automatic">{t("common.automatic")}</Select.Item>
                      <Select.Item value="yes">{t("common.yes")}</Select.Item>
                      <Select.Item value="no">{t("common.no")}</Select.Item>
                    </Select.Content>
                  </Select>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table>
    </div>
  )
}

// The sidebar label is a key of the `bnpl` namespace (src/admin/i18n), translated by the dashboard.
export const config = defineRouteConfig({
  label: "menu.label",
  translationNs: "bnpl",
  icon: CreditCard,
})

export default BnplSettingsPage
