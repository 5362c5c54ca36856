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
})
