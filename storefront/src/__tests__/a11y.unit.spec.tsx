import { readFileSync } from "node:fs"
import { join } from "node:path"
import { renderToStaticMarkup } from "react-dom/server"
import { BnplPlanPicker, BnplSchedule, BnplTeaser } from "../react"
import { descriptionOf, nameOf } from "./accname"
import { FOUR_TOO_SMALL, NOW, TEN, THREE, answer } from "./fixtures"

const noop = () => undefined
/** Intl's French amounts use narrow no-break spaces: compare with plain ones. */
const plain = (html: string) => html.replace(/[\u00a0\u202f]/g, " ")

/** The picker as the demo renders it: 3 instalments with fees, 4 greyed, 10 (credit). */
function picker(locale: string, extra: Partial<Parameters<typeof BnplPlanPicker>[0]> = {}) {
  jest.useFakeTimers({ now: NOW })
  try {
    return renderToStaticMarkup(
      <BnplPlanPicker
        eligibility={answer([THREE, FOUR_TOO_SMALL, TEN])}
        onChange={noop}
        name="plan"
        locale={locale}
        timeZone="Europe/Paris"
        {...extra}
      />
    )
  } finally {
    jest.useRealTimers()
  }
}

describe("what a screen reader says of each plan (accessible name and description)", () => {
  it("the helper does what Chromium does: an aria-label replaces the content it labels", () => {
    const html = '<input id="r" aria-describedby="d"/><div id="d"><ol aria-label="Payment schedule"><li>Today €45.18</li></ol><p>Total</p></div>'
    expect(descriptionOf(html, "r")).toBe("Payment schedule Total")
  })

  it("a plan's description has every due date and amount, the first one's fees, the cost and the total (English)", () => {
    const html = picker("en-GB")
    expect(nameOf(html, "plan-3x-d0-m0")).toBe("Pay in 3 instalments €45.18 today, then 2 × €43.30")
    expect(descriptionOf(html, "plan-3x-d0-m0")).toBe(
      "Today €45.18 (incl. €1.88 fees) 23 Dec 2026 €43.30 23 Jan 2027 €43.30 " +
        "Cost of the plan: €1.88 (1.45% of the purchase) · APR 19.3% · Total: €131.78"
    )
    // The credit plan: all ten rows.
    const ten = descriptionOf(html, "plan-10x-d0-m0")
    for (const [i, month] of ["Nov 2026", "Dec 2026", "Jan 2027", "Feb 2027", "Mar 2027", "Apr 2027", "May 2027", "Jun 2027", "Jul 2027", "Aug 2027"].entries()) {
      expect(ten).toContain(i === 0 ? "Today €50.00" : `23 ${month} €54.68 (incl. €4.68 fees)`)
    }
    expect(ten).not.toContain("8.42") // never the cost rate of credit
  })

  it("the same in French", () => {
    const html = picker("fr-FR")
    const d = descriptionOf(html, "plan-3x-d0-m0")
    expect(d).toMatch(/^Aujourd’hui 45,18 € \(dont 1,88 € de frais\) 23 déc\. 2026 43,30 € 23 janv\. 2027 43,30 € Coût du paiement : 1,88 €/)
    expect(d).toContain("Total : 131,78 €")
  })

  it("a greyed plan is described by its reason", () => {
    expect(descriptionOf(picker("en-GB"), "plan-4x-d0-m0")).toBe("Available from €50.00 to €5,000.00")
  })

  it("the schedule list carries no aria-label (it would hide the rows)", () => {
    expect(picker("en-GB")).not.toMatch(/<ol[^>]*aria-label/)
    const html = renderToStaticMarkup(<BnplSchedule plan={THREE} currencyCode="eur" locale="en-GB" />)
    expect(html).not.toContain("aria-label")
  })
})

describe("the kit's root elements say their language (WCAG 3.1.2)", () => {
  it("picker, teaser and schedule carry lang", () => {
    expect(picker("fr-FR")).toMatch(/^<fieldset class="bnpl-picker" lang="fr-FR"/)
    expect(renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE])} locale="fr-FR" />)).toMatch(/^<div [^>]*lang="fr-FR"/)
    expect(renderToStaticMarkup(<BnplSchedule plan={THREE} currencyCode="eur" locale="en-GB" />)).toMatch(/^<div class="bnpl-schedule" lang="en-GB"/)
  })

  it("a locale the kit has no texts for is marked English (the texts it falls back to), unless the merchant gave texts", () => {
    expect(renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE])} locale="sv-SE" />)).toContain('lang="en"')
    const own = renderToStaticMarkup(
      <BnplTeaser eligibility={answer([THREE])} locale="sv-SE" messages={{ teaser: ({ count }) => `eller ${count} delbetalningar` }} />
    )
    expect(own).toContain('lang="sv-SE"')
    // German is one of the kit's languages: marked as the locale itself.
    expect(renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE])} locale="de-DE" />)).toContain('lang="de-DE"')
  })
})

describe("the teaser", () => {
  it("stands alone: the instalments, their amount, and the first one's fees (English, French)", () => {
    const en = renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE])} locale="en-GB" />)
    expect(en).toContain(">or 3 instalments of €43.30 (the first €45.18, incl. €1.88 fees)</p>")
    const fr = plain(renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE])} locale="fr-FR" />))
    expect(fr).toContain(">ou 3 échéances de 43,30 € (la première 45,18 €, dont 1,88 € de frais)</p>")
  })

  it("without fees, says no more than the instalments", () => {
    const free = { ...THREE, payment_plan: THREE.payment_plan!.map((i) => ({ ...i, customer_fee: 0, total_amount: 4330 })) }
    expect(renderToStaticMarkup(<BnplTeaser eligibility={answer([free])} locale="en-GB" />)).toContain(">or 3 instalments of €43.30</p>")
  })

  it("a deferred payment", () => {
    const deferred = { installments_count: 1, deferred_days: 30, eligible: true, payment_plan: [{ ...THREE.payment_plan![1], total_amount: 12990, customer_fee: 0 }] }
    expect(renderToStaticMarkup(<BnplTeaser eligibility={answer([deferred])} locale="en-GB" />)).toContain(">or pay €129.90 in 30 days</p>")
    expect(plain(renderToStaticMarkup(<BnplTeaser eligibility={answer([deferred])} locale="fr-FR" />))).toContain(">ou 129,90 € à payer dans 30 jours</p>")
  })

  it("greyed: no aria-disabled on a paragraph", () => {
    const small = answer([{ ...FOUR_TOO_SMALL, installments_count: 3 }], 3000)
    const html = renderToStaticMarkup(<BnplTeaser eligibility={small} locale="en-GB" />)
    expect(html).toContain("bnpl-teaser--ineligible")
    expect(html).not.toContain("aria-disabled")
  })
})

describe("an excluded product: the reason, not 'not available right now'", () => {
  const excluded = {
    ...answer([]),
    service_available: false,
    unavailable_reason: "excluded_products" as const,
    message: 'Instalment payment is not available for "Gift Card 100" (category "Gift cards")',
    excluded_products: [{ product_id: "prod_1", title: "Gift Card 100", excluded_by: { kind: "product_category", id: "pcat_1", name: "Gift cards" } }],
  }

  it("in the picker, naming the product, in the kit's language", () => {
    expect(renderToStaticMarkup(<BnplPlanPicker eligibility={excluded} onChange={noop} locale="en-GB" />)).toContain(
      ">Instalment payment is not available for “Gift Card 100”</p>"
    )
    expect(renderToStaticMarkup(<BnplPlanPicker eligibility={excluded} onChange={noop} locale="fr-FR" />)).toContain(
      ">Le paiement en plusieurs fois n’est pas disponible pour « Gift Card 100 »</p>"
    )
  })

  it("in the cart's teaser, greyed (or hidden when the merchant prefers)", () => {
    const html = renderToStaticMarkup(<BnplTeaser eligibility={excluded} locale="en-GB" />)
    expect(html).toContain("bnpl-teaser--ineligible")
    expect(html).toContain("not available for “Gift Card 100”")
    expect(renderToStaticMarkup(<BnplTeaser eligibility={excluded} locale="en-GB" whenIneligible="hide" />)).toBe("")
  })

  it("without the products' list: the store's message, marked English", () => {
    const { excluded_products: _, ...bare } = excluded
    const html = renderToStaticMarkup(<BnplPlanPicker eligibility={bare} onChange={noop} locale="fr-FR" />)
    expect(html).toContain('lang="en"')
    expect(html).toContain("Gift Card 100")
  })

  it("the service down: still 'not available right now'", () => {
    const down = { ...answer([]), service_available: false, unavailable_reason: "unavailable" as const }
    expect(renderToStaticMarkup(<BnplPlanPicker eligibility={down} onChange={noop} locale="en-GB" />)).toContain("not available right now")
  })
})

describe("the optional stylesheet (medusa-plugin-bnpl-storefront/styles.css)", () => {
  const css = readFileSync(join(__dirname, "..", "..", "styles.css"), "utf8")
  const variable = (name: string) => {
    const m = new RegExp(`--bnpl-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css)
    if (!m) throw new Error(`--${name} not set`)
    return m[1]
  }
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (hi + 0.05) / (lo + 0.05)
  }

  it.each([
    ["accent", "card-bg"],
    ["text", "card-bg"],
    ["muted", "card-bg"],
    ["greyed", "card-bg"],
    ["greyed", "greyed-bg"],
    ["muted", "greyed-bg"],
  ])("--bnpl-%s on --bnpl-%s: at least 4.5:1", (fg, bg) => {
    expect(contrast(variable(fg), variable(bg))).toBeGreaterThanOrEqual(4.5)
  })

  it("greys by colour, never by opacity; the whole plan card shows the focus", () => {
    expect(css).not.toMatch(/opacity\s*:/)
    expect(css).toMatch(/\.bnpl-plan:focus-within\s*\{\s*outline: 2px solid/)
    expect(contrast(variable("focus"), variable("card-bg"))).toBeGreaterThanOrEqual(3)
  })
})
