import fs from "node:fs"
import path from "node:path"
import { KINDS } from "../../lib/messages/kinds"

/**
 * The kind table's events reach the pipeline only through a subscriber, and a merchant reads in
 * docs/after-the-order.md which Medusa events the service hears of: a kind sent on an event no
 * subscriber hands over, or a subscriber the page does not name, fails here.
 */
const DIR = path.join(__dirname, "..")
const files = fs.readdirSync(DIR).filter((f) => f.endsWith(".ts"))
/** The subscribers that hand an order event to the message pipeline, with their source. */
const messageSubscribers = files
  .map((f) => ({ file: f, source: fs.readFileSync(path.join(DIR, f), "utf8") }))
  .filter(({ source }) => /\b(orderEventSubscriber|handleOrderEvent)\b/.test(source))
/** The admin's "Send shipping information": no Medusa event. */
const NOT_MEDUSA = new Set(["manual"])

describe("the message pipeline's subscribers", () => {
  it("every event a kind is sent on is handed over by a subscriber", () => {
    const events = [...new Set(KINDS.flatMap((k) => k.on))].filter((e) => !NOT_MEDUSA.has(e))
    const handed = events.filter((e) => messageSubscribers.some(({ source }) => source.includes(`"${e}"`)))
    expect(handed).toEqual(events)
  })

  it("docs/after-the-order.md names every Medusa event they listen to", () => {
    const doc = fs.readFileSync(path.join(DIR, "../../docs/after-the-order.md"), "utf8")
    // Medusa's event names in their sources (`config.event`, or the keys of a map it is made of):
    // read as text, as loading the subscribers would load every workflow.
    const medusaEvents = messageSubscribers.map(({ source }) =>
      [...source.matchAll(/"([a-z-]+\.[a-z_]+)"/g)].map((m) => m[1])
    )
    expect(medusaEvents.every((events) => events.length > 0)).toBe(true)
    expect(medusaEvents.flat().filter((e) => !doc.includes(`\`${e}\``))).toEqual([])
  })
})
