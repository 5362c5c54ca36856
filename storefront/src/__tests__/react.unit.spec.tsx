import { renderToStaticMarkup } from "react-dom/server"
import { BnplPlanPicker, BnplSchedule, BnplTeaser } from "../react"
import { FOUR_TOO_SMALL, NOW, TEN, THREE, THREE_AT_SHIPMENT, answer } from "./fixtures"

const noop = () => undefined

describe("BnplTeaser", () => {
  it("shows the first plan of several instalments: 'or 3 instalments of €43.30 (the first …)'", () => {
    const html = renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE, FOUR_TOO_SMALL])} locale="en-GB" />)
    // The sentence, its cost and APR with the example one step away, then the market's warning.
    expect(html).toBe(
      '<div class="bnpl-offer" lang="en-GB" data-market="OTHER">' +
        '<p class="bnpl-teaser" data-plan="3x-d0-m0" id=":R0:">or 3 instalments of €43.30 (the first €45.18, incl. €1.88 fees)</p>' +
        '<div class="bnpl-cost"><span class="bnpl-cost__text">Cost of the plan: €1.88 · APR 19.3%</span> ' +
        '<button type="button" class="bnpl-example-button" aria-haspopup="dialog" aria-describedby=":R0:">Representative example</button></div>' +
        '<p class="bnpl-warning" lang="en">Attention! Borrowing money costs money.</p></div>'
    )
  })

  it("greys an ineligible price with the reason, or hides it, as the merchant prefers", () => {
    const small = answer([{ ...FOUR_TOO_SMALL, installments_count: 3 }, FOUR_TOO_SMALL], 3000)
    const grey = renderToStaticMarkup(<BnplTeaser eligibility={small} locale="fr-FR" />)
    expect(grey).toContain('class="bnpl-teaser bnpl-teaser--ineligible"')
    expect(grey).toContain("Paiement en plusieurs fois\u202f: disponible à partir de 50,00")
    expect(renderToStaticMarkup(<BnplTeaser eligibility={small} locale="en" whenIneligible="hide" />)).toBe("")
  })

  it("prefers a plan paid now, and says so plainly for a pay-at-shipment plan", () => {
    const both = renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE_AT_SHIPMENT, THREE])} locale="en-GB" />)
    expect(both).toContain('data-plan="3x-d0-m0"')
    const html = renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE_AT_SHIPMENT, FOUR_TOO_SMALL])} locale="en-GB" />)
    expect(html).toContain(
      '<p class="bnpl-teaser" data-plan="3x-d0-m0-ship" id=":R0:">or 3 instalments of €43.30 (the first €45.18, incl. €1.88 fees): nothing to pay today, the first is taken when your order ships</p>'
    )
    const fr = renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE_AT_SHIPMENT])} locale="fr-FR" />)
    expect(fr).toContain("rien à payer aujourd’hui, la première est prélevée à l’expédition de votre commande")
  })

  it("advertises nothing for a product the merchant excluded, and says why for a cart holding one", () => {
    const excluded = {
      ...answer([], 10000),
      service_available: false,
      unavailable_reason: "excluded_products" as const,
      message: 'Instalment payment is not available for "Gift card" (shipping profile "Gift cards")',
      excluded_products: [{ product_id: "prod_gift", title: "Gift card", excluded_by: { kind: "shipping_profile", id: "sp_1", name: "Gift cards" } }],
    }
    expect(renderToStaticMarkup(<BnplTeaser eligibility={{ ...excluded, amount: "100.00", product_id: "prod_gift" }} locale="en" />)).toBe("")
    expect(renderToStaticMarkup(<BnplTeaser eligibility={excluded} locale="en" />)).toContain("not available for “Gift card”")
  })

  it("shows nothing when the service could not be asked", () => {
    const down = { ...answer([]), service_available: false }
    expect(renderToStaticMarkup(<BnplTeaser eligibility={down} locale="en" />)).toBe("")
  })
})

describe("BnplPlanPicker", () => {
  const render = (value?: string) =>
    renderToStaticMarkup(
      <BnplPlanPicker
        eligibility={answer([THREE, FOUR_TOO_SMALL, TEN])}
        value={value}
        onChange={noop}
        name="plan"
        locale="en-GB"
        timeZone="Europe/Paris"
      />
    )

  it("is a labelled radio group: one native radio per plan, each with its label and details", () => {
    const html = render("3x-d0-m0")
    expect(html).toMatch(/^<fieldset class="bnpl-picker" lang="en-GB"[^>]*><legend class="bnpl-picker__legend">Choose how to pay<\/legend>/)
    expect(html.match(/type="radio"/g)).toHaveLength(3)
    expect(html).toMatch(/<input type="radio" class="bnpl-plan__input" id="plan-3x-d0-m0" name="plan"[^>]* checked="" value="3x-d0-m0"\/>/)
    expect(html).toContain('<label class="bnpl-plan__label" for="plan-3x-d0-m0" id="plan-3x-d0-m0-label">')
    expect(html).toContain('aria-describedby="plan-3x-d0-m0-details"')
    expect(html).toContain('class="bnpl-plan bnpl-plan--selected"')
  })

  it("greys and disables an ineligible plan, with the reason", () => {
    const html = render()
    expect(html).toContain('class="bnpl-plan bnpl-plan--ineligible"')
    expect(html).toMatch(/id="plan-4x-d0-m0"[^>]*disabled=""/)
    expect(html).toContain('<p class="bnpl-plan__reason">Available from €50.00 to €5,000.00</p>')
    expect(html).not.toContain("checked")
  })

  it("shows every eligible plan's schedule, without the cost rate of credit", () => {
    const html = render()
    expect(html.match(/class="bnpl-schedule"/g)).toHaveLength(2)
    expect(html).toContain("(1.45% of the purchase)")
    expect(html).not.toContain("8.42")
  })

  it("offers a pay-at-shipment plan beside the plan of the same count, its description saying nothing is due today", () => {
    const html = renderToStaticMarkup(
      <BnplPlanPicker eligibility={answer([THREE, THREE_AT_SHIPMENT])} onChange={noop} name="plan" locale="en-GB" />
    )
    expect(html).toContain('id="plan-3x-d0-m0-ship"')
    expect(html).toContain("Pay in 3 instalments when your order ships")
    expect(html).toMatch(/id="plan-3x-d0-m0-ship-details"><div class="bnpl-schedule"><p class="bnpl-schedule__notice">Nothing to pay today/)
  })

  it("says the payment method is unavailable when the service could not be asked", () => {
    const html = renderToStaticMarkup(
      <BnplPlanPicker eligibility={{ ...answer([]), service_available: false }} onChange={noop} locale="fr" />
    )
    expect(html).toContain("n’est pas disponible pour le moment")
  })
})

describe("BnplSchedule", () => {
  it("lists due dates as <time> and amounts, the first with its fees", () => {
    jest.useFakeTimers({ now: NOW })
    const html = renderToStaticMarkup(<BnplSchedule plan={THREE} currencyCode="eur" locale="en-GB" timeZone="Europe/Paris" />)
    jest.useRealTimers()
    expect(html).toContain('<time class="bnpl-schedule__date" dateTime="2026-11-23">Today</time>')
    expect(html).toContain('<span class="bnpl-schedule__fees"> (incl. €1.88 fees)</span>')
    expect(html).toContain('<time class="bnpl-schedule__date" dateTime="2027-01-23">23 Jan 2027</time>')
    expect(html).toContain("Total: €131.78")
  })

  it("shows a pay-at-shipment plan without dates, saying nothing is paid today", () => {
    const html = renderToStaticMarkup(<BnplSchedule plan={THREE_AT_SHIPMENT} currencyCode="eur" locale="en-GB" />)
    expect(html).toContain(
      '<p class="bnpl-schedule__notice">Nothing to pay today: your first instalment is taken when your order ships</p>'
    )
    expect(html).toContain('<span class="bnpl-schedule__date">When your order ships</span> <span class="bnpl-schedule__amount">€45.18</span>')
    expect(html).not.toContain("<time")
  })

  it("uses overridden texts", () => {
    const html = renderToStaticMarkup(
      <BnplSchedule plan={THREE} currencyCode="eur" locale="en" messages={{ total: (a) => `All in: ${a}` }} />
    )
    expect(html).toContain("All in: €131.78")
  })
})
