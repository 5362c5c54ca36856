import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * This repository is also a runnable store (tests, demo): its "project" is `./src`, so the
 * plugin's routes, subscribers, jobs and workflows load as the store's own. A merchant's
 * store registers the package instead: see README "Install in your store".
 */
export default defineConfig({
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
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true",
  },
  modules: [
    { resolve: "./src/modules/bnpl" },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/bnpl",
            id: "bnpl",
            options: {
              apiUrl: process.env.BNPL_API_URL,
              apiKey: process.env.BNPL_API_KEY,
            },
          },
        ],
      },
    },
  ],
})
