import { renderToStaticMarkup } from "react-dom/server"
import { representativeExample } from "../example"
import { BnplPlanPicker, BnplTeaser, ExampleDialog } from "../react"
import { closeModal, dialogKey, openModal, type DialogLike } from "../react/dialog"
import { parse, textOf } from "./accname"
import { NOW, THREE, THREE_AT_SHIPMENT, TEN, answer } from "./fixtures"

const opts = { currencyCode: "eur", timeZone: "Europe/Paris", now: NOW, start: NOW }
const valueOf = (example: ReturnType<typeof representativeExample>, key: string) => example!.items.find((i) => i.key === key)?.value

describe("the representative example, from the real price", () => {
  it("has the six items of art. 8(2), in order, and each instalment with its date", () => {
    const e = representativeExample(THREE, { ...opts, locale: "en-GB" })!
    expect(e.title).toBe("Representative example: Pay in 3 instalments")
    expect(e.items.map((i) => [i.label, i.value])).toEqual([
      ["Fixed borrowing rate", "0.0%"],
      ["Fees", "€1.88"],
      ["Interest", "€0.00"],
      ["Total amount of credit", "€86.60"],
      ["APR", "19.3%"],
      ["Duration", "61 days"],
      ["Cash price", "€129.90"],
      ["Advance payment (when you order)", "€45.18"],
      ["Total cost of credit", "€1.88"],
      ["Total amount payable", "€131.78"],
    ])
    expect(e.schedule.map((r) => `${r.due} ${r.amount}`)).toEqual(["Today €45.18", "23 Dec 2026 €43.30", "23 Jan 2027 €43.30"])
    expect(e.note).toBeUndefined()
  })

  it("adds up: cash price + cost of credit = total payable = the instalments' sum", () => {
    const cents = (text: string | undefined) => Math.round(Number(text!.replace(/[^\d.]/g, "")) * 100)
    for (const plan of [THREE, TEN, THREE_AT_SHIPMENT]) {
      const e = representativeExample(plan, { ...opts, locale: "en-GB" })!
      const payable = cents(valueOf(e, "total_payable"))
      expect(cents(valueOf(e, "cash_price")) + cents(valueOf(e, "cost_of_credit"))).toBe(payable)
      expect(e.schedule.reduce((sum, row) => sum + cents(row.amount), 0)).toBe(payable)
    }
  })

  it("interest: a borrowing rate of its own, fees apart", () => {
    const e = representativeExample(TEN, { ...opts, locale: "fr-FR" })!
    expect(valueOf(e, "interest")).toBe("42,12\u00a0€")
    expect(valueOf(e, "fees")).toBe("0,00\u00a0€")
    expect(valueOf(e, "borrowing_rate")).toBe("24,4\u00a0%")
    expect(e.items.find((i) => i.key === "apr")).toEqual({ key: "apr", label: "TAEG", value: "24,4\u00a0%" })
  })

  it("pay at shipment: nothing paid when ordering, the whole price is credit, and what its APR assumes", () => {
    const e = representativeExample(THREE_AT_SHIPMENT, { ...opts, locale: "en-GB" })!
    expect(valueOf(e, "advance_payment")).toBe("€0.00")
    expect(valueOf(e, "credit_amount")).toBe("€129.90")
    expect(e.schedule[0].due).toBe("When your order ships")
    expect(e.note).toMatch(/assumes it ships the day you order/)
  })

  it("in every language of the kit", () => {
    expect(representativeExample(THREE, { ...opts, locale: "de-DE" })!.title).toBe("Repräsentatives Beispiel: In 3 Raten bezahlen")
    expect(representativeExample(THREE, { ...opts, locale: "es-ES" })!.items[4]).toMatchObject({ label: "TAE" })
    expect(representativeExample(THREE, { ...opts, locale: "en", messages: { cashPrice: "Price" } })!.items[6].label).toBe("Price")
  })

  it("none for an ineligible plan", () => {
    expect(representativeExample({ eligible: false, installments_count: 4 }, { ...opts, locale: "en" })).toBeUndefined()
  })
})

describe("the example's dialog (markup)", () => {
  const example = representativeExample(THREE, { ...opts, locale: "en-GB" })!
  const html = renderToStaticMarkup(<ExampleDialog example={example} closeLabel="Close" instalmentsLabel="Instalments" onClose={() => undefined} />)

  it("is a native dialog labelled by its title, with a close button", () => {
    const root = parse(html)
    const dialog = root.children[0] as { tag: string; attrs: Record<string, string> }
    expect(dialog.tag).toBe("dialog")
    const title = html.match(/<h2 class="bnpl-example__title" id="([^"]+)">([^<]+)<\/h2>/)!
    expect(dialog.attrs["aria-labelledby"]).toBe(title[1])
    expect(title[2]).toBe("Representative example: Pay in 3 instalments")
    expect(html).toContain('<button type="button" class="bnpl-example__close">Close</button>')
  })

  it("lists the items as terms and values, then the instalments with their dates", () => {
    expect(html).toContain('<div class="bnpl-example__item" data-item="apr"><dt>APR</dt><dd>19.3%</dd></div>')
    expect(html).toContain('<time dateTime="2026-12-23">23 Dec 2026</time> <span class="bnpl-example__amount">€43.30</span>')
    expect(textOf(parse(html))).toContain("Total amount payable€131.78")
  })

  it("its button says which offer it explains (described by the teaser's sentence, or the plan's label)", () => {
    const teaser = renderToStaticMarkup(<BnplTeaser eligibility={answer([THREE])} locale="en-GB" />)
    const sentence = /<p class="bnpl-teaser" [^>]*id="([^"]+)">([^<]+)</.exec(teaser)!
    expect(teaser).toContain(`aria-haspopup="dialog" aria-describedby="${sentence[1]}">Representative example</button>`)
    const picker = renderToStaticMarkup(<BnplPlanPicker eligibility={answer([THREE])} onChange={() => undefined} name="plan" locale="en-GB" />)
    expect(picker).toContain('aria-describedby="plan-3x-d0-m0-label">Representative example</button>')
  })
})

/** A dialog and its controls, as the DOM gives them: enough for the keyboard logic. */
function fakeDialog(controls: string[], { native = true } = {}) {
  let focused: string | null = "opener"
  const elements = controls.map((name) => ({ name, focus: () => void (focused = name) }))
  const attributes = new Set<string>()
  const dialog: DialogLike & { modal: boolean } = {
    open: false,
    modal: false,
    ...(native
      ? {
          showModal() {
            dialog.open = true
            dialog.modal = true
          },
          close() {
            dialog.open = false
          },
        }
      : {}),
    setAttribute: (name: string) => {
      attributes.add(name)
      dialog.open = true
    },
    removeAttribute: (name: string) => {
      attributes.delete(name)
      dialog.open = false
    },
    querySelectorAll: () => elements,
  }
  const opener = { focus: () => void (focused = "opener") }
  const active = () => elements.find((e) => e.name === focused) ?? null
  const key = (k: string, shiftKey = false) => {
    let prevented = false
    let closed = false
    const handled = dialogKey(dialog, { key: k, shiftKey, preventDefault: () => void (prevented = true) }, active(), () => {
      closed = true
      closeModal(dialog, opener)
    })
    return { handled, prevented, closed }
  }
  return { dialog, opener, key, focused: () => focused, attributes, elements }
}

/** A fake dialog (fakeDialog) opened as the kit opens one (openModal). */
function openedDialog(controls: string[], options?: { native?: boolean }) {
  const d = fakeDialog(controls, options)
  openModal(d.dialog)
  return d
}

describe("the example's dialog (keyboard)", () => {
  it("opens as a modal and moves the focus in, to its first control", () => {
    const d = openedDialog(["close"])
    expect(d.dialog.modal).toBe(true)
    expect(d.focused()).toBe("close")
  })

  it("keeps Tab and Shift+Tab inside (one control: the focus stays on it)", () => {
    const d = openedDialog(["close"])
    expect(d.key("Tab")).toMatchObject({ handled: true, prevented: true })
    expect(d.focused()).toBe("close")
    d.key("Tab", true)
    expect(d.focused()).toBe("close")
  })

  it("wraps around several controls, and lets Tab move between them as usual", () => {
    const d = openedDialog(["close", "link", "more"])
    expect(d.key("Tab")).toMatchObject({ handled: false, prevented: false }) // the browser moves it to "link"
    d.elements[2].focus()
    d.key("Tab")
    expect(d.focused()).toBe("close")
    d.key("Tab", true)
    expect(d.focused()).toBe("more")
  })

  it("closes on Escape and gives the focus back to the button that opened it", () => {
    const d = openedDialog(["close"])
    expect(d.key("Escape")).toMatchObject({ handled: true, prevented: true, closed: true })
    expect(d.dialog.open).toBe(false)
    expect(d.focused()).toBe("opener")
  })

  it("ignores other keys", () => {
    const d = openedDialog(["close"])
    expect(d.key("Enter")).toMatchObject({ handled: false, closed: false })
    expect(d.dialog.open).toBe(true)
  })

  it("without showModal (an old browser): an open dialog, the same keys", () => {
    const d = openedDialog(["close"], { native: false })
    expect(d.attributes.has("open")).toBe(true)
    expect(d.focused()).toBe("close")
    d.key("Escape")
    expect(d.attributes.has("open")).toBe(false)
    expect(d.focused()).toBe("opener")
  })
})
