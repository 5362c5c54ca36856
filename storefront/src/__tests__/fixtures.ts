import type { Plan, PlansAnswer } from "../types"

// 2026-11-23 10:00 UTC and the two following months (the sandbox's schedule for 129.90 EUR).
export const NOW = new Date("2026-11-23T10:00:00Z")
const day = (iso: string) => Math.floor(new Date(iso).getTime() / 1000)

export const THREE: Plan = {
  eligible: true,
  installments_count: 3,
  customer_total_cost_amount: 188,
  customer_total_cost_bps: 145,
  payment_plan: [
    { purchase_amount: 4330, customer_fee: 188, customer_interest: 0, due_date: day("2026-11-23T10:00:00Z"), total_amount: 4518 },
    { purchase_amount: 4330, customer_fee: 0, customer_interest: 0, due_date: day("2026-12-23T10:00:00Z"), total_amount: 4330 },
    { purchase_amount: 4330, customer_fee: 0, customer_interest: 0, due_date: day("2027-01-23T10:00:00Z"), total_amount: 4330 },
  ],
}

/** Pay at shipment: the same schedule, but its dates only start when the order ships. */
export const THREE_AT_SHIPMENT: Plan = { ...THREE, pay_at_shipment: true }

export const FOUR_TOO_SMALL: Plan = {
  eligible: false,
  installments_count: 4,
  reasons: { purchase_amount: "invalid_value" },
  constraints: { purchase_amount: { minimum: 5000, maximum: 500000 } },
}

/** A credit plan (10 instalments): interest, and a cost rate that must never be shown. */
export const TEN: Plan = {
  eligible: true,
  installments_count: 10,
  customer_total_cost_amount: 4210,
  customer_total_cost_bps: 842,
  payment_plan: Array.from({ length: 10 }, (_, i) => ({
    purchase_amount: 5000,
    customer_fee: 0,
    customer_interest: i === 0 ? 0 : 468,
    due_date: Date.UTC(2026, 10 + i, 23, 10) / 1000,
    total_amount: i === 0 ? 5000 : 5468,
  })),
}

export const answer = (plans: Plan[], purchase_amount = 12990): PlansAnswer => ({
  purchase_amount,
  currency_code: "eur",
  checked_at: NOW.toISOString(),
  service_available: true,
  plans,
})
