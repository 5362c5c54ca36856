import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { errorMessage, sdk } from "../../../lib/sdk"

/** Every text of this page, in one place (for translation). */
const TEXT = {
  label: "Instalment payments without an order",
  title: "Instalment payments without an order",
  intro:
    "Payments made at the service that no order holds: the plugin cancels or refunds each of them on its own " +
    "(retried for about 3.5 hours). Those marked “Needs you” could not be settled: check them at the service, then try again.",
  empty: "None: every instalment payment ended in an order.",
  loading: "Loading…",
  columns: { payment: "Service payment", amount: "Amount", what: "What happened", status: "Outcome", when: "When" },
  status: {
    to_settle: "Being settled",
    cancelled: "Cancelled",
    refunded: "Refunded",
    failed: "Needs you",
  } as Record<string, string>,
  attempts: (n: number) => `${n} attempt(s)`,
  retry: "Try again",
  retried: "Settled",
}

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

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100)

const PaymentsWithoutOrderPage = () => {
  const client = useQueryClient()
  const { data, isLoading } = useQuery({
    queryKey: ["bnpl", "payments"],
    queryFn: () => sdk.client.fetch<{ payments: Row[] }>("/admin/bnpl/payments"),
  })
  const retry = useMutation({
    mutationFn: (id: string) => sdk.client.fetch(`/admin/bnpl/payments/${id}/settle`, { method: "POST" }),
    onSuccess: () => toast.success(TEXT.retried),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => client.invalidateQueries({ queryKey: ["bnpl", "payments"] }),
  })
  const rows = data?.payments ?? []
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading>{TEXT.title}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">{TEXT.intro}</Text>
      </div>
      {isLoading ? (
        <Text className="px-6 py-4">{TEXT.loading}</Text>
      ) : rows.length === 0 ? (
        <Text className="px-6 py-4">{TEXT.empty}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{TEXT.columns.payment}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.columns.amount}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.columns.what}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.columns.status}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.columns.when}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell className="font-mono text-xs">{row.bnpl_payment_id}</Table.Cell>
                <Table.Cell>{money(row.purchase_amount, row.currency_code)}</Table.Cell>
                <Table.Cell>
                  {row.reason}
                  {row.last_error ? <Text size="xsmall" className="text-ui-fg-subtle">{row.last_error} · {TEXT.attempts(row.attempts)}</Text> : null}
                </Table.Cell>
                <Table.Cell>
                  <Badge color={COLORS[row.status] ?? "grey"}>{TEXT.status[row.status] ?? row.status}</Badge>
                </Table.Cell>
                <Table.Cell>{new Date(row.settled_at ?? row.updated_at).toLocaleString()}</Table.Cell>
                <Table.Cell>
                  {row.status === "to_settle" || row.status === "failed" ? (
                    <Button size="small" variant="secondary" isLoading={retry.isPending} onClick={() => retry.mutate(row.id)}>
                      {TEXT.retry}
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

export const config = defineRouteConfig({ label: TEXT.label })

export default PaymentsWithoutOrderPage
