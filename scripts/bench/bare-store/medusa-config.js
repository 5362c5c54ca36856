// The bench's baseline store: the same database and Medusa as the project, without the
// plugin (no bnpl module, no pp_bnpl_bnpl provider, no routes, subscribers, jobs or workflow
// hooks: this directory has no src/). Started by scripts/bench.js with this directory as cwd.
const { defineConfig } = require("@medusajs/framework/utils")

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: { disable: true },
})
