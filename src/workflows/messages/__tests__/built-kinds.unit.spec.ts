import { KINDS } from "../../../lib/messages/kinds"
import { builtKindOf } from "../utils/built-kinds"

/**
 * The pipeline runs a kind built at each attempt through its entry in `built-kinds.ts` and every
 * other kind as recorded: the two tables say the same of every kind (a kind marked built without
 * an entry would be sent as recorded, its content never rebuilt).
 */
describe("the kinds built at each attempt", () => {
  it.each(KINDS.map((k) => [k.kind, k.fixedAtRecord] as const))(
    "%s: built by the pipeline exactly when the kind table says so",
    (kind, fixedAtRecord) => {
      expect(!!builtKindOf(kind)).toBe(!fixedAtRecord)
    }
  )

  it("a recorded row of no kind (an order event's own) is not built", () => {
    expect(builtKindOf("event")).toBeUndefined()
  })
})
