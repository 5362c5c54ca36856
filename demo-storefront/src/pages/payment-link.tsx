import { useEffect, useRef, useState } from "react"
import { formatPlan, planKey, type CollectionPlans, type LinkReturnResult, type Plan } from "medusa-plugin-bnpl-storefront"
import { BnplPlanPicker } from "medusa-plugin-bnpl-storefront/react"
import { demoLegal } from "../country"
import { PageHeading } from "../heading"
import { useT, useTitle } from "../i18n"
import { go } from "../routing"
import { euros, type Shop } from "../shop"

/** The problem "no plan chosen", said in the page's language. */
const NO_PLAN = "no-plan"

/** Why a link's page offers nothing: paid, or ended by the shop (the page's own words for each). */
const LINK_ENDED: Partial<Record<string, "linkNothingOwed" | "linkCancelled" | "linkExpired">> = {
  nothing_owed: "linkNothingOwed",
  link_cancelled: "linkCancelled",
  link_expired: "linkExpired",
}

/**
 * `/payment-collection/<id>`: the page the admin's "Copy payment link" opens (what an order still
 * owes after an edit, a claim, an exchange, or a draft order sold on the phone), paid in
 * instalments. `notice`: the outcome of a return that did not pay (`?bnpl=abandoned|refused`).
 */
export function PaymentLinkPage({ shop, collectionId, notice }: { shop: Shop; collectionId: string; notice: string | null }) {
  const { t, locale, country } = useT()
  const [answer, setAnswer] = useState<CollectionPlans | null>(null)
  const [plan, setPlan] = useState<Plan | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const problemRef = useRef<HTMLParagraphElement>(null)
  const number = answer?.order?.display_id
  useTitle(number ? t.linkTitle(number) : t.linkTitleNoOrder)
  useEffect(() => {
    shop.bnpl
      .plansForPaymentCollection(collectionId, { countryCode: country })
      .then(setAnswer)
      .catch((e) => setProblem((e as Error).message))
  }, [shop, collectionId, country])
  useEffect(() => {
    if (problem) problemRef.current?.focus()
  }, [problem])

  const pay = async () => {
    if (!plan) return setProblem(NO_PLAN)
    setBusy(true)
    setProblem(null)
    try {
      const here = `${window.location.origin}/payment-collection/${encodeURIComponent(collectionId)}`
      const { url } = await shop.bnpl.startLinkPayment({
        paymentCollectionId: collectionId,
        plan,
        returnUrl: `${here}/return`,
        cancelUrl: `${here}?bnpl=abandoned`,
      })
      window.location.assign(url)
    } catch (e) {
      setProblem((e as Error).message)
      setBusy(false)
    }
  }

  const amount = answer ? euros(answer.purchase_amount / 100, locale) : ""
  const chosen = plan && answer ? formatPlan(plan, { locale, currencyCode: answer.currency_code }) : null
  return (
    <div className="payment-link">
      <PageHeading>{number ? t.linkTitle(number) : t.linkTitleNoOrder}</PageHeading>
      {notice && t.notices[notice] ? (
        <p className={`notice notice--${notice}`} role="alert">
          {t.notices[notice]}
        </p>
      ) : null}
      {!answer && !problem ? <p role="status">{t.loading}</p> : null}
      {answer?.unavailable_reason && LINK_ENDED[answer.unavailable_reason] ? (
        <p>{t[LINK_ENDED[answer.unavailable_reason]!]}</p>
      ) : null}
      {answer && !(answer.unavailable_reason && LINK_ENDED[answer.unavailable_reason]) ? (
        <section className="step">
          <p className="amount-due">{t.linkAmountDue(amount)}</p>
          <BnplPlanPicker
            eligibility={answer}
            value={plan ? planKey(plan) : null}
            onChange={(chosenPlan) => {
              setPlan(chosenPlan)
              if (problem === NO_PLAN) setProblem(null)
            }}
            name="bnpl-plan"
            locale={locale}
            countryCode={country}
            legal={demoLegal(country, locale)}
            disabled={busy}
          />
          {chosen ? (
            <p className="due-today" data-testid="due-today">
              {chosen.payAtShipment ?? chosen.dueToday}
            </p>
          ) : null}
          {answer.plans.length ? (
            <button className="button button--pay" onClick={pay} disabled={busy}>
              {busy ? t.pleaseWait : t.payInInstalments(amount)}
            </button>
          ) : null}
        </section>
      ) : null}
      {problem ? (
        <p className="error" role="alert" tabIndex={-1} ref={problemRef}>
          {problem === NO_PLAN ? t.choosePlanFirst : problem}
        </p>
      ) : null}
    </div>
  )
}

/** `/payment-collection/<id>/return?pid=...`: back from the hosted page of a payment link. */
export function PaymentLinkReturnPage({ shop, collectionId, pid }: { shop: Shop; collectionId: string; pid: string | null }) {
  const { t } = useT()
  const [result, setResult] = useState<LinkReturnResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useTitle(result?.status === "paid" ? t.linkPaid : t.confirming)
  useEffect(() => {
    shop.bnpl
      .linkReturn({ paymentCollectionId: collectionId, pid })
      .then((outcome) => {
        if (outcome.status === "refused" || outcome.status === "abandoned") {
          go(`/payment-collection/${encodeURIComponent(collectionId)}?bnpl=${outcome.status}`)
        } else {
          setResult(outcome)
        }
      })
      .catch((e) => setProblem((e as Error).message))
  }, [shop, collectionId, pid])
  if (problem) {
    return (
      <p className="error" role="alert">
        {problem}
      </p>
    )
  }
  if (!result) return <p role="status">{t.confirming}</p>
  return (
    <>
      <PageHeading>{result.status === "paid" ? t.linkPaid : t.linkPending}</PageHeading>
      <p>{result.status === "paid" ? t.linkPaidText : t.linkPendingText}</p>
    </>
  )
}
