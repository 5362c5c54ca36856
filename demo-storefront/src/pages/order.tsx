import { useEffect, useState } from "react"
import { formatPlan, isBnplProvider, paymentMethodInfo, type Plan } from "medusa-plugin-bnpl-storefront"
import { BnplSchedule } from "medusa-plugin-bnpl-storefront/react"
import { demoLegal } from "../country"
import { PageHeading } from "../heading"
import { useT, useTitle } from "../i18n"
import { Link } from "../routing"
import { euros, type Shop } from "../shop"

type Order = {
  id: string
  display_id: number
  created_at: string
  email: string
  total: number
  currency_code: string
  items: Array<{ id: string; title: string; product_title?: string; quantity: number; total: number }>
  shipping_methods?: Array<{ name: string }>
  payment_collections?: Array<{ payments?: Array<{ provider_id: string; data?: Record<string, any> }> }>
}

export function OrderPage({ shop, orderId }: { shop: Shop; orderId: string }) {
  const [order, setOrder] = useState<Order | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { t, locale, country } = useT()
  useTitle(order ? t.orderTitle(order.display_id) : null)
  useEffect(() => {
    shop.sdk.store.order
      .retrieve(orderId, { fields: "id,display_id,created_at,email,currency_code,total,*items,*shipping_methods,*payment_collections.payments" })
      .then(({ order }) => setOrder(order as unknown as Order))
      .catch((e) => setProblem(e.message))
  }, [shop, orderId])
  if (problem) return <p className="error">{problem}</p>
  if (!order) return <p>{t.loadingOrder}</p>

  const payment = order.payment_collections?.flatMap((pc) => pc.payments ?? []).find((p) => isBnplProvider(p.provider_id))
  const data = payment?.data
  const schedule: Plan | null = data?.payment_plan
    ? {
        eligible: true,
        installments_count: data.installments_count,
        deferred_days: data.deferred_days,
        deferred_months: data.deferred_months,
        pay_at_shipment: data.pay_at_shipment,
        payment_plan: data.payment_plan,
      }
    : null
  // What was paid when ordering (the instalments due that day), and what follows: the schedule.
  const formatted = schedule
    ? formatPlan(schedule, { locale, currencyCode: order.currency_code, now: new Date(order.created_at), start: order.created_at })
    : null
  return (
    <article className="confirmation">
      <PageHeading>{t.confirmed(order.display_id)}</PageHeading>
      <p>{t.confirmationTo(order.email)}</p>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.id}>
            {item.product_title ?? item.title} × {item.quantity} — {euros(item.total, locale)}
          </li>
        ))}
      </ul>
      <p>{t.deliveryAndTotal(order.shipping_methods?.[0]?.name ?? "—", euros(order.total, locale))}</p>
      {payment ? (
        <section className="payment">
          <h2>
            {/* Nothing is paid yet at shipment: the heading is the plan's own label (the kit's, in the page's language). */}
            {formatted?.payAtShipment
              ? formatted.label
              : (data?.installments_count ?? 0) > 1
                ? t.paidIn(data!.installments_count)
                : paymentMethodInfo.pp_bnpl_bnpl.title}
          </h2>
          {formatted && !formatted.payAtShipment ? <p className="paid-today">{t.paidToday(formatted.dueTodayAmount!)}</p> : null}
          {schedule ? (
            <BnplSchedule
              plan={schedule}
              formatted={formatted ?? undefined}
              currencyCode={order.currency_code}
              locale={locale}
              start={order.created_at}
              countryCode={country}
              legal={demoLegal(country, locale)}
            />
          ) : null}
        </section>
      ) : null}
      <Link to="/" className="button">
        {t.continueShopping}
      </Link>
    </article>
  )
}
