import fs from "node:fs"
import path from "node:path"
import { mikroOrmCreateConnection, toMikroOrmEntities } from "@medusajs/framework/utils"

/**
 * Every data model of the module (models/*.ts) equals its migrations: what Medusa's migration
 * generator (`medusa plugin:db:generate`, scripts/db-generate.js) would write for the models
 * today, diffed against the migrations' snapshot (migrations/.snapshot-medusa-bnpl.json, which
 * the generator writes with each migration), is nothing. A column, type, default or index
 * changed in a model without its migration fails here with the SQL the migration lacks. No
 * database: MikroORM is set up as the generator sets it up, without connecting, and its migrator
 * compares the snapshot with the models' schema.
 */
const MODULE = path.join(__dirname, "..")

describe("the bnpl module's data models", () => {
  it("equal its migrations (Medusa's generator finds nothing to write)", async () => {
    const files = fs.readdirSync(path.join(MODULE, "models")).filter((f) => /\.ts$/.test(f))
    const models = files.map((f) => require(path.join(MODULE, "models", f)).default)
    expect(models.length).toBeGreaterThan(0)
    expect(models.every(Boolean)).toBe(true) // each file a model (its default export)
    const orm = await mikroOrmCreateConnection(
      { clientUrl: "postgres://nobody@localhost:1/none", snapshotName: ".snapshot-medusa-bnpl" },
      toMikroOrmEntities(models),
      path.join(MODULE, "migrations")
    )
    try {
      const { up } = await (orm.getMigrator() as any).getSchemaDiff(false, false)
      expect(up).toEqual([])
    } finally {
      await orm.close(true)
    }
  }, 60_000)

  // The diff above compares the models with the snapshot the generator writes beside each
  // migration, not with the migrations: a migration left out of a commit (the generator's new
  // file is untracked) would pass it. Every table and column of the snapshot is named by the
  // migrations themselves.
  it("have every table and column of the snapshot created by a migration", () => {
    const dir = path.join(MODULE, "migrations")
    const sql = fs
      .readdirSync(dir)
      .filter((f) => /^Migration\d+\.ts$/.test(f))
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .join("\n")
    const snapshot = JSON.parse(fs.readFileSync(path.join(dir, ".snapshot-medusa-bnpl.json"), "utf8"))
    const named = (snapshot.tables as { name: string; columns: Record<string, unknown> }[]).flatMap((t) => [
      t.name,
      ...Object.keys(t.columns),
    ])
    expect(named.filter((name) => !sql.includes(`"${name}"`))).toEqual([])
  })
})
