import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { errorMessage, sdk } from "../../../lib/sdk"
import { formatCents, formatDate } from "../../../lib/format"
import { useBnplI18n } from "../../../lib/i18n"

type Row = {
  id: string
  bnpl_payment_id: string
  purchase_amount: number
  currency_code: string
  status: string
  reason: string | null
  refunded_amount: number | null
  attempts: number
  last_error: string | null
  settled_at: string | null
  updated_at: string
}

const COLORS: Record<string, "green" | "orange" | "red" | "grey"> = {
  to_settle: "orange",
  cancelled: "grey",
  refunded: "green",
  failed: "red",
}

const PaymentsWithoutOrderPage = () => {
  const { t, locale } = useBnplI18n()
  const client = useQueryClient()
  const { data, isLoading } = useQuery({
    queryKey: ["bnpl", "payments"],
    queryFn: () => sdk.client.fetch<{ payments: Row[] }>("/admin/bnpl/payments"),
  })
  const retry = useMutation({
    mutationFn: (id: string) => sdk.client.fetch(`/admin/bnpl/payments/${id}/settle`, { method: "POST" }),
    onSuccess: () => toast.success(t("payments.retried")),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => client.invalidateQueries({ queryKey: ["bnpl", "payments"] }),
  })
  const rows = data?.payments ?? []
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading>{t("payments.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">{t("payments.intro")}</Text>
      </div>
      {isLoading ? (
        <Text className="px-6 py-4">{t("common.loading")}</Text>
      ) : rows.length === 0 ? (
        <Text className="px-6 py-4">{t("payments.empty")}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("payments.columns.payment")}</Table.HeaderCell>
              <Table.HeaderCell>{t("payments.columns.amount")}</Table.HeaderCell>
              <Table.HeaderCell>{t("payments.columns.what")}</Table.HeaderCell>
              <Table.HeaderCell>{t("payments.columns.status")}</Table.HeaderCell>
              <Table.HeaderCell>{t("payments.columns.when")}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell className="font-mono text-xs">{row.bnpl_payment_id}</Table.Cell>
                <Table.Cell>{formatCents(row.purchase_amount, row.currency_code, locale)}</Table.Cell>
                <Table.Cell>
                  {row.reason}
                  {row.last_error ? <Text size="xsmall" className="text-ui-fg-subtle">{row.last_error} · {t("payments.attempts", { count: row.attempts })}</Text> : null}
                </Table.Cell>
                <Table.Cell>
                  <Badge color={COLORS[row.status] ?? "grey"}>{COLORS[row.status] ? t(`payments.status.${row.status}`) : row.status}</Badge>
                </Table.Cell>
                <Table.Cell>{formatDate(row.settled_at ?? row.updated_at, locale, true)}</Table.Cell>
                <Table.Cell>
                  {row.status === "to_settle" || row.status === "failed" ? (
                    <Button size="small" variant="secondary" isLoading={retry.isPending} onClick={() => retry.mutate(row.id)}>
                      {t("payments.retry")}
                    </Button>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "menu.payments", translationNs: "bnpl" })

export default PaymentsWithoutOrderPage
