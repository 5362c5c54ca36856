import { useEffect, useState, type FormEvent } from "react"
import { planKey, type CartPlans, type CompleteReturnResult, type Plan } from "medusa-plugin-bnpl-storefront"
import { BnplPlanPicker } from "medusa-plugin-bnpl-storefront/react"
import { Link } from "../app"
import { cartId, euros, go, type Shop } from "../shop"
import { CartSummary, useCart } from "./cart"

type ShippingOption = { id: string; name: string; amount?: number | null; calculated_price?: { calculated_amount?: number } }

const FIELDS = [
  ["email", "Email", "email"],
  ["first_name", "First name", "text"],
  ["last_name", "Last name", "text"],
  ["address_1", "Address", "text"],
  ["postal_code", "Postal code", "text"],
  ["city", "City", "text"],
] as const

const NOTICES: Record<string, string> = {
  abandoned: "You cancelled the instalment payment. Your cart is kept: choose a plan again when you are ready.",
  refused: "The instalment service refused the payment. Your cart is kept: you can choose another plan.",
}

export function CheckoutPage({ shop, notice }: { shop: Shop; notice: string | null }) {
  const [version, setVersion] = useState(0)
  const cart = useCart(shop, version)
  const [options, setOptions] = useState<ShippingOption[]>([])
  const [plans, setPlans] = useState<CartPlans | null>(null)
  const [plan, setPlan] = useState<Plan | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<CompleteReturnResult | null>(null)
  // The option just clicked, shown as chosen while the cart is updated.
  const [pendingOption, setPendingOption] = useState<string | null>(null)
  const pid = new URLSearchParams(window.location.search).get("pid")

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
    if (cart && hasShipping) shop.bnpl.plansForCart(cart.id).then(setPlans)
  }, [shop, cart, hasShipping])

  if (cart === undefined) return <p>Loading…</p>
  if (!cart)
    return (
      <p>
        Your cart is empty. <Link to="/">Back to the shop</Link>
      </p>
    )

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
    return run(() =>
      shop.sdk.store.cart.update(cart.id, { email, shipping_address: address, billing_address: address })
    )
  }
  const chooseShipping = (optionId: string) => {
    setPendingOption(optionId)
    setPlans(null)
    setPlan(null)
    return run(() => shop.sdk.store.cart.addShippingMethod(cart.id, { option_id: optionId }))
  }

  const pay = async () => {
    if (!plan) return
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
  const chosenOption = pendingOption ?? cart.shipping_methods?.[0]?.shipping_option_id
  return (
    <div className="checkout">
      <h1>Checkout</h1>
      {outcome && outcome.status !== "paid" ? (
        <p className={`notice notice--${outcome.status}`} role="alert">
          {NOTICES[outcome.status]}
        </p>
      ) : null}
      <CartSummary cart={cart} shop={shop} />

      <section className="step">
        <h2>1. Address</h2>
        <form onSubmit={saveAddress} className="address-form">
          {FIELDS.map(([name, label, type]) => (
            <label key={name}>
              {label}
              <input
                name={name}
                type={type}
                required
                defaultValue={(name === "email" ? cart.email : address[name]) ?? ""}
              />
            </label>
          ))}
          <label>
            Country
            <select name="country_code" defaultValue={address.country_code ?? "fr"}>
              <option value="fr">France</option>
              <option value="de">Germany</option>
            </select>
          </label>
          <button className="button" type="submit" disabled={busy}>
            {hasAddress ? "Update address" : "Continue to delivery"}
          </button>
        </form>
      </section>

      {hasAddress ? (
        <section className="step">
          <h2>2. Delivery</h2>
          <fieldset className="shipping-options" disabled={busy}>
            <legend>Choose a delivery</legend>
            {options.map((o) => (
              <label key={o.id} className="shipping-option">
                <input
                  type="radio"
                  name="shipping"
                  value={o.id}
                  checked={chosenOption === o.id}
                  onChange={() => chooseShipping(o.id)}
                />
                {o.name} <span className="amount">{euros(o.calculated_price?.calculated_amount ?? o.amount ?? 0, shop.locale)}</span>
              </label>
            ))}
          </fieldset>
        </section>
      ) : null}

      {hasShipping && plans ? (
        <section className="step">
          <h2>3. Payment</h2>
          <BnplPlanPicker
            eligibility={plans}
            value={plan ? planKey(plan) : null}
            onChange={setPlan}
            name="bnpl-plan"
            locale={shop.locale}
            disabled={busy}
          />
          <button className="button button--pay" onClick={pay} disabled={!plan || busy}>
            {busy ? "Please wait…" : `Pay ${euros(cart.total, shop.locale)} in instalments`}
          </button>
        </section>
      ) : null}
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
