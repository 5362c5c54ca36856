// Each integration suite boots Medusa, which registers MikroORM entities globally:
// clear them so suites do not see each other's metadata.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()
