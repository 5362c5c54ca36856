import { kindsFor, switchedOn } from "../kinds"
import { trackingKind } from "../kinds/tracking"
import { triggerAllowed, triggerKind } from "../kinds/trigger"

/**
 * A kind carries its own rules: the pipeline asks the kind table, never a kind by name (issue 45
 * item 3). A merchant's switch turns a kind off by one line of its entry; the trigger's gate is
 * its own.
 */
describe("a kind's hooks", () => {
  it("a kind with a switch is off when the store's option says false, on otherwise; one without is always on", () => {
    expect(switchedOn({ switch: "shipping_sync_enabled" }, { shippingSyncEnabled: false })).toBe(false)
    expect(switchedOn({ switch: "shipping_sync_enabled" }, { shippingSyncEnabled: true })).toBe(true)
    expect(switchedOn({ switch: "shipping_sync_enabled" }, {})).toBe(true)
    expect(switchedOn({}, { shippingSyncEnabled: false })).toBe(true)
  })

  it("an event records no message of a kind switched off (the tracking kind given a switch, as a new one would be)", () => {
    const spec = trackingKind as { switch?: string }
    const saved = spec.switch
    spec.switch = "shipping_sync_enabled"
    try {
      const kinds = (switches: object) => kindsFor("shipment_created", [], undefined, switches).map((k) => k.kind)
      expect(kinds({ shippingSyncEnabled: false })).not.toContain("tracking")
      expect(kinds({ shippingSyncEnabled: true })).toContain("tracking")
    } finally {
      spec.switch = saved
    }
  })

  it("the trigger's gate is its own entry's: never for a payment no order holds, waits while it is reviewed", () => {
    expect(triggerKind.gate).toBe(triggerAllowed)
    expect(triggerKind.gate!("cancelled", 0)).toMatchObject({ action: "skip" })
    expect(triggerKind.gate!("open", 0)).toMatchObject({ action: "fail", final: false })
    expect(triggerKind.gate!("ordered", 0)).toBeUndefined()
  })
})
