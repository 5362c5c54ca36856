import { formatMoney, formatPlan } from "../format"
import { LINK_MESSAGES, MESSAGES, isBnplProvider, linkMessagesFor, paymentMethodInfo, planKey, typeset } from "../index"
import { toCents } from "../plans"
import { FOUR_TOO_SMALL, NOW, TEN, THREE, THREE_AT_SHIPMENT } from "./fixtures"
import { planChoice } from "../plans"

const opts = { currencyCode: "eur", timeZone: "Europe/Paris", now: NOW }

describe("formatPlan", () => {
  it("gives an eligible plan's title, schedule, first instalment with fees, cost and total in English", () => {
    const f = formatPlan(THREE, { ...opts, locale: "en-GB" })
    expect(f).toMatchObject({
      key: "3x-d0-m0",
      eligible: true,
      label: "Pay in 3 instalments",
      title: "3 × €43.30",
      firstInstalment: "€45.18 today, incl. €1.88 fees",
      totalCost: "Cost of the plan: €1.88",
      totalCostRate: "(1.45% of the purchase)",
      total: "Total: €131.78",
    })
    expect(f.schedule.map((r) => [r.due, r.amount, r.fees])).toEqual([
      ["Today", "€45.18", "incl. €1.88 fees"],
      ["23 Dec 2026", "€43.30", undefined],
      ["23 Jan 2027", "€43.30", undefined],
    ])
    expect(f.schedule[1].dueDate).toBe("2026-12-23")
  })

  it("speaks French with French dates and money", () => {
    const f = formatPlan(THREE, { ...opts, locale: "fr-FR" })
    expect(f.label).toBe("Payer en 3 fois")
    expect(f.title).toBe("3 × 43,30\u00a0€")
    expect(f.schedule[0].due).toBe("Aujourd’hui")
    expect(f.schedule[1].due).toBe("23 déc. 2026")
    expect(f.totalCost).toBe("Coût du paiement\u202f: 1,88\u00a0€")
  })

  it("heads a plan with what is due today, then the rest (the first instalment's fees are not hidden)", () => {
    expect(formatPlan(THREE, { ...opts, locale: "fr-FR" }).headline).toBe("45,18\u00a0€ aujourd’hui, puis 2 × 43,30\u00a0€")
    expect(formatPlan(THREE, { ...opts, locale: "en-GB" }).headline).toBe("€45.18 today, then 2 × €43.30")
    // Nothing due today (pay at shipment, deferred): the title.
    const atShipment = formatPlan(THREE_AT_SHIPMENT, { ...opts, locale: "en-GB" })
    expect(atShipment.headline).toBe(atShipment.title)
    const deferred = { ...THREE, installments_count: 1, deferred_days: 30, payment_plan: [{ ...THREE.payment_plan![1], total_amount: 13178 }] }
    expect(formatPlan(deferred, { ...opts, locale: "en-GB" }).headline).toBe("€131.78 in 30 days")
  })

  it("sets the kit's French texts in French typography: U+202F before : ; ! ?, U+2019 apostrophes", () => {
    // Every French text of the kit, each function called with sample values.
    const fr = MESSAGES.fr as unknown as Record<string, string | ((...args: unknown[]) => string)>
    const texts = Object.entries(fr).flatMap(([key, v]) => {
      if (typeof v === "string") return [v]
      if (key === "teaser") {
        const parts = { count: 3, amount: "43,30 €", first: "45,18 €", fees: "1,88 €" }
        return [v(parts), v({ ...parts, payAtShipment: true }), v({ count: 1, amount: "1 €", deferral: "30 jours" })]
      }
      if (key === "excludedProducts") return [v(["Carte cadeau"])]
      if (key === "teaserUnavailable") return [v("Disponible à partir de 50 €")]
      // Counts (planLabel, days...) or amounts (total, dueToday...): both given.
      return [v(1, "X", "Y"), v(3, "X", "Y")]
    })
    // The payment link page's texts too (one home for the demo's page and the DTC recipe's).
    const link = LINK_MESSAGES.fr
    texts.push(link.title(12), link.titleNoOrder, link.amountDue("X"), ...Object.values(link.ended), link.paid, link.paidText, link.pending, link.pendingText, link.choosePlan)
    for (const text of texts) {
      expect(text).not.toMatch(/[^\u202f][:;!?](?=\s|$)/)
      expect(text).not.toContain("'")
    }
    expect(typeset("Attention ! Un crédit coûte de l'argent et doit être remboursé !", "fr")).toBe(
      "Attention\u202f! Un crédit coûte de l\u2019argent et doit être remboursé\u202f!"
    )
    expect(Object.keys(LINK_MESSAGES).sort()).toEqual(Object.keys(MESSAGES).sort())
    expect(linkMessagesFor("fr-FR").amountDue("5,00 €")).toBe("Montant dû\u202f: 5,00 €")
    expect(linkMessagesFor("xx", { paid: "Paid" }).paid).toBe("Paid")
    expect(typeset("Total: 3", "fr-BE")).toBe("Total\u202f: 3")
    expect(typeset("Achtung! Kredit", "de")).toBe("Achtung! Kredit")
    expect(typeset("https://x.fr/a?b=1 à 12:30", "fr")).toBe("https://x.fr/a?b=1 à 12:30")
  })

  it("never shows the cost rate of a plan of more than 4 instalments", () => {
    const f = formatPlan(TEN, { ...opts, locale: "en-GB" })
    expect(f.totalCostRate).toBeUndefined()
    expect(JSON.stringify(f)).not.toMatch(/8\.42|842/)
    expect(f.totalCost).toBe("Cost of the plan: €42.10")
    expect(f.schedule[1].fees).toBe("incl. €4.68 fees")
  })

  it("says from which amount an ineligible plan is available, or up to which", () => {
    expect(formatPlan(FOUR_TOO_SMALL, { ...opts, locale: "en", purchaseAmount: 3000 }).reason).toBe("Available from €50.00")
    expect(formatPlan(FOUR_TOO_SMALL, { ...opts, locale: "en", purchaseAmount: 900000 }).reason).toBe(
      "Available up to €5,000.00"
    )
    expect(formatPlan(FOUR_TOO_SMALL, { ...opts, locale: "en" }).reason).toBe("Available from €50.00 to €5,000.00")
    // The merchant's own bound may have one side only: never "NaN".
    const minOnly = { ...FOUR_TOO_SMALL, constraints: { purchase_amount: { minimum: 20000 } } }
    expect(formatPlan(minOnly, { ...opts, locale: "en", purchaseAmount: 3000 }).reason).toBe("Available from €200.00")
    const maxOnly = { ...FOUR_TOO_SMALL, constraints: { purchase_amount: { maximum: 20000 } } }
    expect(formatPlan(maxOnly, { ...opts, locale: "en", purchaseAmount: 30000 }).reason).toBe("Available up to €200.00")
    expect(formatPlan(FOUR_TOO_SMALL, { ...opts, locale: "fr", purchaseAmount: 3000 }).reason).toBe(
      "Disponible à partir de 50,00\u00a0€"
    )
    const notOffered = { ...FOUR_TOO_SMALL, reasons: { installments_count: "invalid_value" } }
    expect(formatPlan(notOffered, { ...opts, locale: "en" }).reason).toBe("Not available for this purchase")
    expect(formatPlan(FOUR_TOO_SMALL, { ...opts, locale: "en" }).schedule).toEqual([])
  })

  it("labels deferred plans and lets any text be overridden", () => {
    const deferred = { ...THREE, installments_count: 1, deferred_days: 30, payment_plan: [{ ...THREE.payment_plan![1], total_amount: 13178 }] }
    const f = formatPlan(deferred, { ...opts, locale: "en-GB" })
    expect(f.label).toBe("Pay in 30 days")
    expect(f.title).toBe("€131.78 in 30 days")
    expect(f.key).toBe("1x-d30-m0")
    const custom = formatPlan(THREE, { ...opts, locale: "en-GB", messages: { title: (n, a) => `${n} payments of ${a}` } })
    expect(custom.title).toBe("3 payments of €43.30")
  })

  it("says what is due today: the first instalment, nothing for a deferred plan", () => {
    expect(formatPlan(THREE, { ...opts, locale: "en-GB" })).toMatchObject({ dueToday: "Due today: €45.18", dueTodayAmount: "€45.18" })
    const deferred = { ...THREE, installments_count: 1, deferred_days: 30, payment_plan: [{ ...THREE.payment_plan![1], total_amount: 13178 }] }
    expect(formatPlan(deferred, { ...opts, locale: "fr-FR" }).dueToday).toBe("À payer aujourd’hui\u202f: 0,00\u00a0€")
  })

  it("says plainly that a pay-at-shipment plan takes nothing today, and shows no dates", () => {
    const f = formatPlan(THREE_AT_SHIPMENT, { ...opts, locale: "en-GB" })
    expect(f).toMatchObject({
      key: "3x-d0-m0-ship",
      label: "Pay in 3 instalments when your order ships",
      title: "3 × €43.30",
      payAtShipment: "Nothing to pay today: your first instalment is taken when your order ships",
      firstInstalment: "€45.18 when your order ships, incl. €1.88 fees",
      dueToday: "Due today: €0.00",
      total: "Total: €131.78",
    })
    expect(f.schedule.map((r) => [r.due, r.dueDate, r.amount])).toEqual([
      ["When your order ships", undefined, "€45.18"],
      ["Instalment 2", undefined, "€43.30"],
      ["Instalment 3", undefined, "€43.30"],
    ])
    expect(JSON.stringify(Object.values(f))).not.toMatch(/2026|2027|Today|Dec|Jan/)
    const fr = formatPlan(THREE_AT_SHIPMENT, { ...opts, locale: "fr-FR" })
    expect(fr.label).toBe("Payer en 3 fois à l’expédition")
    expect(fr.payAtShipment).toBe("Rien à payer aujourd’hui\u202f: votre première échéance est prélevée à l’expédition de votre commande")
    expect(fr.schedule[0].due).toBe("À l’expédition de votre commande")
    const custom = formatPlan(THREE_AT_SHIPMENT, {
      ...opts,
      locale: "en-GB",
      messages: { payAtShipmentNotice: () => "Pay nothing until we ship", atShipment: "On dispatch" },
    })
    expect(custom.payAtShipment).toBe("Pay nothing until we ship")
    expect(custom.schedule[0].due).toBe("On dispatch")
  })

  it("chooses a pay-at-shipment plan as the store expects: pay_at_shipment, no deferral", () => {
    expect(planChoice({ ...THREE_AT_SHIPMENT, deferred_days: 30 })).toEqual({ installments_count: 3, pay_at_shipment: true })
    expect(planChoice(THREE)).toEqual({ installments_count: 3 })
    expect(planKey(THREE_AT_SHIPMENT)).not.toBe(planKey(THREE))
  })

  it("formats amounts with the currency's own decimals", () => {
    expect(formatMoney(1500, "jpy", "en")).toBe("¥1,500")
    expect(formatMoney(12345, "kwd", "en")).toBe("KWD\u00a012.345")
    expect(toCents("129.9", "eur")).toBe(12990)
    expect(toCents(0.1 + 0.2, "eur")).toBe(30)
    expect(toCents("1500", "jpy")).toBe(1500)
  })
})

describe("provider helpers", () => {
  it("recognises the plugin's provider and gives a provider map entry", () => {
    expect(isBnplProvider("pp_bnpl_bnpl")).toBe(true)
    expect(isBnplProvider("pp_system_default")).toBe(false)
    expect(isBnplProvider(undefined)).toBe(false)
    expect(paymentMethodInfo.pp_bnpl_bnpl.title).toBe("Pay in instalments")
    expect(paymentMethodInfo.pp_bnpl_bnpl.icon).toMatch(/^<svg/)
    expect(planKey({ installments_count: 4, deferred_months: 1 })).toBe("4x-d0-m1")
  })
})
