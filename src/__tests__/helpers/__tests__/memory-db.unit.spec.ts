import fs from "node:fs"
import path from "node:path"
import { memoryDb } from "../memory-db"

/** The stand-in refuses what PostgreSQL refuses: a column its table does not have. */
describe("the in-memory PostgreSQL stand-in", () => {
  it("refuses a column the plugin's table does not have, in a condition, an order, an insert or an update", async () => {
    const { knex } = memoryDb()
    // Refused when the statement is built or run, as the query reaches PostgreSQL.
    const run = (build: () => unknown) => (async () => build())()
    await expect(run(() => knex("bnpl_payment").whereNull(""))).rejects.toThrow(
      'column "" of relation "bnpl_payment" does not exist'
    )
    await expect(run(() => knex("bnpl_payment").where({ stauts: "open" }))).rejects.toThrow(/column "stauts"/)
    await expect(run(() => knex("bnpl_payment").orderBy("creatd_at"))).rejects.toThrow(/column "creatd_at"/)
    await expect(run(() => knex("bnpl_payment").insert({ id: "x", bnpl_payment_id: "p", nope: 1 }))).rejects.toThrow(
      /column "nope"/
    )
    await expect(run(() => knex("bnpl_payment").update({ nope: 1 }))).rejects.toThrow(/column "nope"/)
  })

  it("answers the columns it has, with a table alias too", async () => {
    const { knex } = memoryDb({ bnpl_payment: [{ id: "a", bnpl_payment_id: "p", status: "open", deleted_at: null }] })
    expect(await knex("bnpl_payment").where("p.status", "open").whereNull("deleted_at")).toHaveLength(1)
  })

  it("refuses a column of Medusa's tables the plugin reads that Medusa's models do not have, and an empty table name", async () => {
    const { knex } = memoryDb({ payment: [{ id: "pay_1", payment_session_id: "ps_1", deleted_at: null }] })
    const run = (build: () => unknown) => (async () => build())()
    await expect(run(() => knex("payment").where({ session_id: "ps_1" }))).rejects.toThrow(
      'column "session_id" of relation "payment" does not exist'
    )
    await expect(run(() => knex("order_fulfillment").whereNull("canceled_at"))).rejects.toThrow(/column "canceled_at"/)
    await expect(run(() => knex("payment").first(""))).rejects.toThrow(/column ""/)
    await expect(run(() => knex("payment").select("amount", "nope"))).rejects.toThrow(/column "nope"/)
    await expect(run(() => knex(""))).rejects.toThrow('relation "" does not exist')
    expect(await knex("payment").where({ payment_session_id: "ps_1" }).whereNull("deleted_at")).toHaveLength(1)
  })

  it("answers only the columns asked for, as PostgreSQL does", async () => {
    const { knex } = memoryDb({ payment: [{ id: "pay_1", amount: 5, payment_session_id: "ps_1", deleted_at: null }] })
    expect(await knex("payment").first("id", "amount")).toEqual({ id: "pay_1", amount: 5 })
    expect(await knex("payment").select("id")).toEqual([{ id: "pay_1" }])
    expect(await knex("payment").first()).toMatchObject({ id: "pay_1", payment_session_id: "ps_1" })
  })

  it("refuses an undefined value in a condition, as knex refuses to build the query", async () => {
    const { knex } = memoryDb()
    const run = (build: () => unknown) => (async () => build())()
    await expect(run(() => knex("payment").where({ id: undefined }))).rejects.toThrow(/Undefined binding/)
    await expect(run(() => knex("payment").where("id", undefined))).rejects.toThrow(/Undefined binding/)
  })

  it("orders NULL last ascending and first descending, as PostgreSQL does", async () => {
    const rows = [null, new Date(2), new Date(1)].map((at, i) => ({
      id: `r${i}`,
      next_attempt_at: at,
      deleted_at: null,
    }))
    const { knex } = memoryDb({ bnpl_payment: rows })
    const ids = (list: { id: string }[]) => list.map((r) => r.id)
    expect(ids(await knex("bnpl_payment").orderBy("next_attempt_at", "asc"))).toEqual(["r2", "r1", "r0"])
    expect(ids(await knex("bnpl_payment").orderBy("next_attempt_at", "desc"))).toEqual(["r0", "r1", "r2"])
  })

  it("knows Medusa's columns as the installed Medusa packages define them (scripts/medusa-columns.js)", () => {
    const { medusaColumns } = require("../../../../scripts/medusa-columns")
    const written = JSON.parse(fs.readFileSync(path.join(__dirname, "../medusa-columns.json"), "utf8"))
    expect(written).toEqual(medusaColumns())
  })
})
