import fs from "node:fs"
import path from "node:path"
import { KINDS } from "../kinds"

/**
 * docs/after-the-order.md lists the kinds of message the plugin sends twice (the record's `kind`,
 * and `messages[]`'s `kind` in `GET /admin/bnpl/orders/:id`), docs/data-kept.md once (what the
 * record holds): each list is the kind table's
 * (src/lib/messages/kinds), so a kind added, renamed or removed in code without the docs fails here.
 */
const DOC = fs.readFileSync(path.join(__dirname, "../../../../docs/after-the-order.md"), "utf8").replace(/\s+/g, " ")
const inCode = KINDS.map((k) => k.kind).sort()

describe("docs/after-the-order.md's message kinds", () => {
  it("in the record's list: the kind table's", () => {
    const list = /`bnpl_service_message`, with a `kind`: ((?:`\w+`(?:, )?)+);/.exec(DOC)?.[1]
    expect(list).toBeDefined()
    expect([...list!.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()).toEqual(inCode)
  })

  it("in docs/data-kept.md's row of the message record: the kind table's", () => {
    const kept = fs.readFileSync(path.join(__dirname, "../../../../docs/data-kept.md"), "utf8")
    const list = /^\| `bnpl_service_message` \| [^(|]*\(((?:`\w+`(?:, )?)+)\)/m.exec(kept)?.[1]
    expect(list).toBeDefined()
    expect([...list!.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()).toEqual(inCode)
  })

  it("in GET /admin/bnpl/orders/:id's messages[]: the kind table's", () => {
    const union = /`messages\[\]`: `\{id, kind: ((?:"\w+"(?: \| )?)+),/.exec(DOC)?.[1]
    expect(union).toBeDefined()
    expect([...union!.matchAll(/"(\w+)"/g)].map((m) => m[1]).sort()).toEqual(inCode)
  })
})
