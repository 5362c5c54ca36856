// medusa-config.ts of the install test's store (scripts/install-test.js): Medusa's starter
// config, then README "Install in your store" step 2 exactly as written there, pasted by the
// script at the marker below, with the snippet's `// ...` line replaced by `...starter,`.
// Edit the README, not this file, to change what a merchant registers. The bench's baseline
// store (scripts/bench.js) is this one without the plugin: `defineConfig({ ...starter, ... })`.
import { loadEnv, defineConfig } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const starter = {
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
}

// @readme-install-step-2
