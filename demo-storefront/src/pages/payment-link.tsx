import { useEffect, useRef, useState } from "react"
import {
  linkMessagesFor,
  type CollectionPlans,
  type LinkMessages,
  type LinkReturnResult,
} from "medusa-plugin-bnpl-storefront"
import { PageHeading } from "../heading"
import { NO_PLAN, PaymentProblem, PlanChoice, usePlanAndProblem } from "../plan-choice"
import { useT, useTitle } from "../i18n"
import { go } from "../routing"
import { euros, type Shop } from "../shop"

/** Why a link's page offers nothing: paid, or ended by the shop (the kit's words for each, as the DTC recipe's page says them). */
const endedText = (texts: LinkMessages, reason: string | undefined): string | undefined =>
  reason && Object.prototype.hasOwnProperty.call(texts.ended, reason) ? texts.ended[reason as keyof LinkMessages["ended"]] : undefined

/**
 * `/payment-collection/<id>`: the page the admin's "Copy payment link" opens (what an order still
 * owes after an edit, a claim, an exchange, or a draft order sold on the phone), paid in
 * instalments. `notice`: the outcome of a return that did not pay (`?bnpl=abandoned|refused`).
 */
export function PaymentLinkPage({ shop, collectionId, notice }: { shop: Shop; collectionId: string; notice: string | null }) {
  const { t, locale, country } = useT()
  // The link page's texts: the kit's (one home with the DTC recipe's step 10).
  const lt = linkMessagesFor(locale)
  const [answer, setAnswer] = useState<CollectionPlans | null>(null)
  const [busy, setBusy] = useState(false)
  const { plan, choosePlan, problem, setProblem } = usePlanAndProblem()
  const problemRef = useRef<HTMLParagraphElement>(null)
  const number = answer?.order?.display_id
  useTitle(number ? lt.title(number) : lt.titleNoOrder)
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
  return (
    <div className="payment-link">
      <PageHeading>{number ? lt.title(number) : lt.titleNoOrder}</PageHeading>
      {notice && t.notices[notice] ? (
        <p className={`notice notice--${notice}`} role="alert">
          {t.notices[notice]}
        </p>
      ) : null}
      {!answer && !problem ? <p role="status">{t.loading}</p> : null}
      {endedText(lt, answer?.unavailable_reason) ? <p>{endedText(lt, answer?.unavailable_reason)}</p> : null}
      {answer && !endedText(lt, answer.unavailable_reason) ? (
        <section className="step">
          <p className="amount-due">{lt.amountDue(amount)}</p>
          <PlanChoice
            plans={answer}
            plan={plan}
            onChoose={choosePlan}
            busy={busy}
          />
          {answer.plans.length ? (
            <button className="button button--pay" onClick={pay} disabled={busy}>
              {busy ? t.pleaseWait : t.payInInstalments(amount)}
            </button>
          ) : null}
        </section>
      ) : null}
      <PaymentProblem problem={problem} ref={problemRef} />
    </div>
  )
}

/** `/payment-collection/<id>/return?pid=...`: back from the hosted page of a payment link. */
export function PaymentLinkReturnPage({ shop, collectionId, pid }: { shop: Shop; collectionId: string; pid: string | null }) {
  const { t, locale } = useT()
  const lt = linkMessagesFor(locale)
  const [result, setResult] = useState<LinkReturnResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useTitle(result?.status === "paid" ? lt.paid : t.confirming)
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
      <PageHeading>{result.status === "paid" ? lt.paid : lt.pending}</PageHeading>
      <p>{result.status === "paid" ? lt.paidText : lt.pendingText}</p>
    </>
  )
}
