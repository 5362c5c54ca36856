// Each integration suite boots Medusa, which registers MikroORM entities globally:
// clear them so suites do not see each other's metadata. Not in the unit part: there every file
// starts with a fresh registry and global object (so nothing to clear), and loading MikroORM
// for it cost each of the ~150 unit files about 0.3 s of CPU.
if (process.env.TEST_TYPE === "integration:http") {
  const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

  MetadataStorage.clear()
}
