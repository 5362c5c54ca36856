import { planKey } from "../plans"
import type { FeePlan } from "../../../client/types"
import {
  boundsOutsideServiceProblems,
  missingOptionPlansLine,
  plansMissingFrom,
  servicePlansOf,
  servicePlanViews,
  unknownPlanProblems,
  withinAccount,
} from "../account-plans"

const fee = (over: Partial<FeePlan>): FeePlan => ({
  installments_count: 3,
  deferred_days: 0,
  deferred_months: 0,
  deferred_trigger_limit_days: 0,
  min_purchase_amount: 5000,
  max_purchase_amount: 500000,
  allowed: true,
  customer_fee_variable: 145,
  customer_fee_fixed: 0,
  customer_lending_rate: 0,
  merchant_fee_variable: 150,
  merchant_fee_fixed: 15,
  ...over,
})

const ACCOUNT = [
  fee({ deferred_trigger_limit_days: 30 }),
  fee({ installments_count: 4 }),
  fee({ installments_count: 5, allowed: false }),
  fee({ installments_count: 10, min_purchase_amount: 50000, customer_lending_rate: 1790 }),
  fee({ installments_count: 1, deferred_days: 30, deferred_trigger_limit_days: 30 }),
]
const plans = servicePlansOf(ACCOUNT)

describe("the account's plans", () => {
  it("sells allowed fee plans, and at shipment those with a trigger limit and no deferral of their own", () => {
    expect(plans.map(planKey)).toEqual(["3x-d0-m0", "3x-d0-m0-ship", "4x-d0-m0", "10x-d0-m0", "1x-d30-m0"])
  })

  it("the start-up line for the plugin options' plans the account lacks: each named, the account's listed", () => {
    const missing = plansMissingFrom(
      [{ installments_count: 3 }, { installments_count: 5 }, { installments_count: 1, deferred_days: 45 }],
      plans
    )
    expect(missing).toEqual([{ installments_count: 5 }, { installments_count: 1, deferred_days: 45 }])
    expect(missingOptionPlansLine("live", missing, plans)).toBe(
      'medusa-plugin-bnpl: the plugin option plans lists plans the live account does not have: "5 instalments", "pay in 45 days"; checkout does not offer them. The account\'s plans: "3 instalments", "3 instalments, from shipment", "4 instalments", "10 instalments", "pay in 30 days". Remove them from the plans option, or choose the plans in the admin (Settings → Instalment payments)'
    )
    expect(missingOptionPlansLine("test", [{ installments_count: 5 }], [])).toContain(
      'a plan the test account does not have: "5 instalments"; checkout does not offer it. The account\'s plans: none. Remove it'
    )
  })

  it("names each plan the account lacks and lists the account's", () => {
    expect(unknownPlanProblems([{ installments_count: 3 }, { installments_count: 5 }], plans)).toEqual([
      'plans[1]: the service account has no plan "5 instalments"; its plans: "3 instalments", "3 instalments, from shipment", "4 instalments", "10 instalments", "pay in 30 days"',
    ])
    expect(unknownPlanProblems([{ installments_count: 4, deferred_months: 1 }], plans)[0]).toContain(
      'no plan "4 instalments, first in 1 month"'
    )
    expect(
      unknownPlanProblems([{ installments_count: 3 }, { installments_count: 1, deferred_days: 30 }], plans)
    ).toEqual([])
  })

  it("refuses merchant bounds outside the service's, inclusive at the edges", () => {
    expect(
      boundsOutsideServiceProblems(
        [
          { installments_count: 10, min_amount: 499.99 },
          { installments_count: 3, min_amount: 50, max_amount: 5000 },
          { installments_count: 4, max_amount: 5000.01 },
          { installments_count: 7, min_amount: 1 }, // not the account's: said by unknownPlanProblems
        ],
        plans,
        "eur"
      )
    ).toEqual([
      'plan_bounds[0].min_amount: "10 instalments" starts at 500.00 EUR with the service; set a minimum of at least that',
      'plan_bounds[2].max_amount: "4 instalments" goes up to 5000.00 EUR with the service; set a maximum of at most that',
    ])
  })

  it("offers the merchant's plans the account has, within the tighter bounds", () => {
    const offered = withinAccount(
      [{ installments_count: 4 }, { installments_count: 5 }, { installments_count: 10 }],
      [
        { installments_count: 4, min_amount: 100 },
        { installments_count: 10, max_amount: 9000 },
      ],
      plans,
      "eur"
    )
    expect(offered.plans).toEqual([{ installments_count: 4 }, { installments_count: 10 }])
    expect(offered.bounds).toEqual([
      { installments_count: 4, min_amount: 100, max_amount: 5000 },
      { installments_count: 10, min_amount: 500, max_amount: 5000 },
    ])
  })

  it("views amounts in major units, fees in bps, and the merchant's switches", () => {
    const [three, atShipment] = servicePlanViews(plans, [{ installments_count: 3 }], "eur")
    expect(three).toEqual({
      installments_count: 3,
      deferred_days: 0,
      deferred_months: 0,
      pay_at_shipment: false,
      min_amount: 50,
      max_amount: 5000,
      customer_fee_bps: 145,
      customer_fee_fixed: 0,
      customer_lending_rate_bps: 0,
      merchant_fee_bps: 150,
      merchant_fee_fixed: 0.15,
      enabled: true,
    })
    expect(atShipment).toMatchObject({ pay_at_shipment: true, trigger_limit_days: 30, enabled: false })
  })
})
