import { useEffect, useRef, useState, type FormEvent } from "react"
import { type CartPlans, type CompleteReturnResult } from "medusa-plugin-bnpl-storefront"
import { PageHeading } from "../heading"
import { NothingHere } from "../nothing-here"
import { NO_PLAN, PaymentProblem, PlanChoice, usePlanAndProblem } from "../plan-choice"
import { useT, useTitle } from "../i18n"
import { CartSummary, useCart } from "../cart-state"
import { go } from "../routing"
import { cartId, euros, type Shop } from "../shop"

type ShippingOption = { id: string; name: string; amount?: number | null; calculated_price?: { calculated_amount?: number } }

const FIELDS = [
  ["email", "email", "email"],
  ["first_name", "text", "given-name"],
  ["last_name", "text", "family-name"],
  ["address_1", "text", "address-line1"],
  ["postal_code", "text", "postal-code"],
  ["city", "text", "address-level2"],
] as const

export function CheckoutPage({ shop, notice }: { shop: Shop; notice: string | null }) {
  const [version, setVersion] = useState(0)
  const cart = useCart(shop, version)
  const [options, setOptions] = useState<ShippingOption[]>([])
  // The plans with the delivery option of the cart they were asked for.
  const [plansFor, setPlansFor] = useState<{ answer: CartPlans; option: string | null | undefined } | null>(null)
  // Delivery choices sent and not answered yet (arrow keys choose one option after the other).
  const [shippingPending, setShippingPending] = useState(0)
  const [busy, setBusy] = useState(false)
  const { plan, setPlan, choosePlan, problem, setProblem } = usePlanAndProblem()
  const [outcome, setOutcome] = useState<CompleteReturnResult | null>(null)
  // The option just clicked, shown as chosen while the cart is updated.
  const [pendingOption, setPendingOption] = useState<string | null>(null)
  const pid = new URLSearchParams(window.location.search).get("pid")
  const { t, locale, country } = useT()
  useTitle(t.checkout)
  // Focus (WCAG 2.4.3): to the delivery step once its options are shown after the address is
  // saved (the button is disabled meanwhile), to the error when a payment cannot start. Choosing
  // a delivery leaves the focus on its radio (3.2.2: arrow keys move through the options, each
  // one chosen in turn), unless it was lost: then to the payment step.
  const deliveryHeading = useRef<HTMLHeadingElement>(null)
  const paymentHeading = useRef<HTMLHeadingElement>(null)
  const problemRef = useRef<HTMLParagraphElement>(null)
  const focusDelivery = useRef(false)
  const focusPayment = useRef(false)
  const focusLost = () => !document.activeElement || document.activeElement === document.body
  useEffect(() => {
    if (options.length && focusDelivery.current && deliveryHeading.current) {
      focusDelivery.current = false
      deliveryHeading.current.focus()
    }
  }, [options])
  // Shown only once the cart holds the last delivery chosen: no plan nor payment for another total.
  const chosenOption = pendingOption ?? cart?.shipping_methods?.[0]?.shipping_option_id
  const plans = plansFor && !shippingPending && plansFor.option === chosenOption ? plansFor.answer : null
  useEffect(() => {
    if (plans && focusPayment.current && paymentHeading.current) {
      focusPayment.current = false
      if (focusLost()) paymentHeading.current.focus()
    }
  }, [plans])
  // Delivery choices, one request after the other: the last one chosen is the cart's.
  const shippingQueue = useRef<Promise<unknown>>(Promise.resolve())
  useEffect(() => {
    if (!problem) return
    focusDelivery.current = false
    problemRef.current?.focus()
  }, [problem])

  // Back from the hosted page through the cancel URL: ask the store what happened.
  useEffect(() => {
    const id = cartId()
    if (notice !== "cancelled" || !id) return
    shop.bnpl.completeReturn({ cartId: id, pid }).then((result) => {
      if (result.status === "paid") go(`/order/${result.order.id}`)
      else setOutcome(result)
    })
  }, [shop, notice, pid])

  const hasAddress = !!cart?.shipping_address?.address_1 && !!cart?.email
  const hasShipping = !!cart?.shipping_methods?.length
  useEffect(() => {
    if (!cart || !hasAddress) return
    shop.sdk.store.fulfillment
      .listCartOptions({ cart_id: cart.id })
      .then(({ shipping_options }) => setOptions(shipping_options as unknown as ShippingOption[]))
  }, [shop, cart, hasAddress])
  useEffect(() => {
    if (!cart || !hasShipping) return
    let latest = true
    const option = cart.shipping_methods?.[0]?.shipping_option_id
    shop.bnpl.plansForCart(cart.id).then((answer) => latest && setPlansFor({ answer, option }))
    return () => {
      latest = false
    }
  }, [shop, cart, hasShipping])

  if (cart === undefined) return <p>{t.loading}</p>
  if (!cart) return <NothingHere heading={t.checkout} text={t.cartEmpty} />

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setProblem(null)
    try {
      await work()
      setVersion((v) => v + 1)
    } catch (e) {
      setProblem((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const saveAddress = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    const { email, ...address } = form
    focusDelivery.current = true
    return run(() =>
      shop.sdk.store.cart.update(cart.id, { email, shipping_address: address, billing_address: address })
    )
  }
  const chooseShipping = (optionId: string) => {
    setPendingOption(optionId)
    focusPayment.current = true
    setPlan(null)
    setProblem(null)
    setShippingPending((n) => n + 1)
    const update = shippingQueue.current.then(() => shop.sdk.store.cart.addShippingMethod(cart.id, { option_id: optionId }))
    shippingQueue.current = update.catch(() => undefined)
    return update
      .then(
        () => setVersion((v) => v + 1),
        (e) => setProblem((e as Error).message)
      )
      .finally(() => setShippingPending((n) => n - 1))
  }

  const pay = async () => {
    // Nothing is chosen for the customer (credit is never presumed): say so, the focus on it.
    if (!plan) return setProblem(NO_PLAN)
    setBusy(true)
    setProblem(null)
    try {
      const origin = window.location.origin
      const { url } = await shop.bnpl.startPayment({
        cartId: cart.id,
        plan,
        returnUrl: `${origin}/checkout/bnpl-return`,
        cancelUrl: `${origin}/checkout?bnpl=cancelled`,
      })
      window.location.assign(url)
    } catch (e) {
      setProblem((e as Error).message)
      setBusy(false)
    }
  }

  const address = cart.shipping_address ?? {}
  return (
    <div className="checkout">
      <PageHeading>{t.checkout}</PageHeading>
      {outcome && outcome.status !== "paid" ? (
        <p className={`notice notice--${outcome.status}`} role="alert">
          {t.notices[outcome.status]}
        </p>
      ) : null}
      <CartSummary cart={cart} shop={shop} />

      <section className="step">
        <h2>{t.stepAddress}</h2>
        <form onSubmit={saveAddress} className="address-form">
          {FIELDS.map(([name, type, autoComplete]) => (
            <label key={name}>
              {t.fields[name]}
              <input
                name={name}
                type={type}
                autoComplete={autoComplete}
                required
                defaultValue={(name === "email" ? cart.email : address[name]) ?? ""}
              />
            </label>
          ))}
          <label>
            {t.country}
            <select name="country_code" autoComplete="country" defaultValue={address.country_code ?? (country === "de" ? "de" : "fr")}>
              <option value="fr">{t.france}</option>
              <option value="de">{t.germany}</option>
            </select>
          </label>
          <button className="button" type="submit" disabled={busy}>
            {hasAddress ? t.updateAddress : t.continueToDelivery}
          </button>
        </form>
      </section>

      {hasAddress ? (
        <section className="step">
          <h2 ref={deliveryHeading} tabIndex={-1}>
            {t.stepDelivery}
          </h2>
          {/* Not disabled while the cart is updated: the focus stays on the radio the arrows moved to. */}
          <fieldset className="shipping-options" aria-busy={shippingPending > 0}>
            <legend>{t.chooseDelivery}</legend>
            {options.map((o) => (
              <label key={o.id} className="shipping-option">
                <input
                  type="radio"
                  name="shipping"
                  value={o.id}
                  checked={chosenOption === o.id}
                  onChange={() => chooseShipping(o.id)}
                />
                {o.name} <span className="amount">{euros(o.calculated_price?.calculated_amount ?? o.amount ?? 0, locale)}</span>
              </label>
            ))}
          </fieldset>
        </section>
      ) : null}

      {hasShipping && plans ? (
        <section className="step">
          <h2 ref={paymentHeading} tabIndex={-1}>
            {t.stepPayment}
          </h2>
          <PlanChoice
            plans={plans}
            plan={plan}
            onChoose={choosePlan}
            busy={busy}
          />
          <button className="button button--pay" onClick={pay} disabled={busy}>
            {busy ? t.pleaseWait : t.payInInstalments(euros(cart.total, locale))}
          </button>
        </section>
      ) : null}
      <PaymentProblem problem={problem} ref={problemRef} />
    </div>
  )
}
