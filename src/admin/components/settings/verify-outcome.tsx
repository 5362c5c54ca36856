import { StatusBadge, Text } from "@medusajs/ui"
import type { VerifyResult } from "../../../lib/http/http-types"
import { useBnplI18n } from "../../lib/i18n"
import { servicePlanLabel } from "./service-plans"

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
export function VerifyOutcome({ outcome }: { outcome: VerifyResult }) {
  const { t } = useBnplI18n()
  const color = VERIFY_COLORS[outcome.result]
  // A verdict this admin does not know yet (a newer backend) is shown as the backend says it.
  const label = color ? t(`settings.verify.${outcome.result}`) : outcome.result
  return (
    <div
      data-testid="bnpl-verify-result"
      data-result={outcome.result}
      className="flex flex-col gap-y-1 rounded-md border border-ui-border-base bg-ui-bg-subtle px-3 py-2"
    >
      <StatusBadge color={color ?? "grey"} className="w-fit">
        {label}
      </StatusBadge>
      <Text size="small" className="text-ui-fg-subtle">
        {DETAILED.includes(outcome.result) ? t(`settings.verify.${outcome.result}Detail`) : outcome.message}
      </Text>
      {outcome.account ? (
        <Text size="small" data-testid="bnpl-verify-account">
          {t(
            outcome.account.can_create_payments ? "settings.verify.accountCanPay" : "settings.verify.accountCannotPay",
            {
              name: outcome.account.name ?? "-",
            }
          )}
        </Text>
      ) : null}
      {outcome.service_plans ? (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="bnpl-verify-plans">
          {t("settings.verify.accountPlans", {
            plans: outcome.service_plans.map((plan) => servicePlanLabel(plan, t)).join(", "),
          })}
        </Text>
      ) : outcome.service_plans_problem ? (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {outcome.service_plans_problem}
        </Text>
      ) : null}
      {outcome.notification_url ? (
        <Text size="xsmall" className="text-ui-fg-muted" data-testid="bnpl-notification-url">
          {t("settings.verify.notificationUrl", { url: outcome.notification_url })}
        </Text>
      ) : null}
    </div>
  )
}
