import BnplServiceMessage from "../models/service-message"
import { JSON_COLUMNS } from "../message-writes"

/** The message record's columns of one kind (text, json, ...), read from its data model. */
function columnsOfKind(kind: string): string[] {
  const schema = (BnplServiceMessage as unknown as { schema: Record<string, { parse: (name: string) => any }> }).schema
  return Object.entries(schema)
    .filter(([name, property]) => property.parse(name).dataType.name === kind)
    .map(([name]) => name)
    .sort()
}

describe("the message writes of one statement (message-writes.ts)", () => {
  it("writes as JSON text exactly the record's JSON columns", () => {
    // A JSON column left out would be written as a PostgreSQL array (an array payload) or fail.
    expect([...JSON_COLUMNS].sort()).toEqual(columnsOfKind("json"))
  })
})
