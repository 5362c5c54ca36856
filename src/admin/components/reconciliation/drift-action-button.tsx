import { Button, usePrompt } from "@medusajs/ui"
import type { ReconciliationAction } from "../../hooks/use-reconciliation"
import { useBnplI18n } from "../../lib/i18n"

/**
 * A difference's one safe action, behind a prompt saying what will happen. Its accessible name
 * begins with the visible text and names the payment ("Start the payment pay_… of order #1042",
 * WCAG 2.5.3); disabled while an action of its payment runs. Refunding at the service moves money:
 * its prompt is the danger one.
 */
export function DriftActionButton({
  action,
  payment,
  order,
  amount,
  running,
  busy,
  onConfirmed,
}: {
  action: ReconciliationAction
  payment: string
  order: string
  amount: string
  running: boolean
  busy: boolean
  onConfirmed: (action: ReconciliationAction) => void
}) {
  const { t } = useBnplI18n()
  const prompt = usePrompt()
  const values = { payment, order, amount }
  const confirm = async () => {
    const confirmed = await prompt({
      title: t(`reconciliation.action.${action}.title`, values),
      description: t(`reconciliation.action.${action}.description`, values),
      confirmText: t(`reconciliation.action.${action}.button`),
      cancelText: t("common.cancel"),
      variant: action === "refund_at_service" ? "danger" : "confirmation",
    })
    if (confirmed) {
      onConfirmed(action)
    }
  }
  return (
    <Button
      type="button"
      size="small"
      variant="secondary"
      className="whitespace-normal text-left"
      isLoading={running}
      disabled={busy}
      aria-busy={running}
      aria-label={t(`reconciliation.action.${action}.label`, values)}
      onClick={confirm}
      data-testid={`bnpl-reconciliation-${action}`}
    >
      {t(`reconciliation.action.${action}.button`)}
    </Button>
  )
}
