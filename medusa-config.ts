import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * Production topology (opt-in): with `REDIS_URL` set, the event bus, workflow engine, cache
 * and locking use Redis, so several Medusa processes (HTTP servers and background workers)
 * share events, scheduled jobs, workflow state, the eligibility cache and locks. Without it,
 * everything stays in memory in one process (tests, demo). See docs/production.md.
 */
const REDIS_URL = process.env.REDIS_URL || undefined

const WORKER_MODES = ["shared", "server", "worker"] as const
type WorkerMode = (typeof WORKER_MODES)[number]
const workerMode = (process.env.MEDUSA_WORKER_MODE || "shared") as WorkerMode
if (!WORKER_MODES.includes(workerMode)) {
  throw new Error(
    `MEDUSA_WORKER_MODE must be one of ${WORKER_MODES.join(", ")} (got "${process.env.MEDUSA_WORKER_MODE}")`
  )
}

const redisModules = REDIS_URL
  ? [
      // BullMQ's worker takes one event at a time unless told otherwise: a worker would then run
      // every subscriber of every event in turn (ten fulfillments at once: a second and more
      // before the last one's shipping information goes out; docs/production.md).
      {
        resolve: "@medusajs/medusa/event-bus-redis",
        options: { redisUrl: REDIS_URL, workerOptions: { concurrency: 20 } },
      },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl: REDIS_URL } } },
      // Modules.CACHE: the plugin keeps eligibility answers here (shared by every instance).
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl: REDIS_URL } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl: REDIS_URL },
            },
          ],
        },
      },
    ]
  : []

/**
 * This repository is also a runnable store (tests, demo): its "project" is `./src`, so the
 * plugin's routes, subscribers, jobs and workflows load as the store's own. A merchant's
 * store registers the package instead: see README "Install in your store".
 */
export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: REDIS_URL,
    workerMode,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    // Where the admin's "Copy payment link" and the plugin's payment link e-mails lead (the demo storefront's).
    storefrontUrl: process.env.MEDUSA_STOREFRONT_URL || "http://localhost:8000",
    // A worker serves no HTTP routes: it has no admin either.
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true" || workerMode === "worker",
  },
  modules: [
    ...redisModules,
    // Medusa registers its `rbac` flag only after evaluating this file, so defineConfig's own
    // RBAC entry is always off here: with MEDUSA_FF_RBAC=true (tests/rbac), register it by hand.
    { resolve: "@medusajs/medusa/rbac", disable: process.env.MEDUSA_FF_RBAC !== "true" },
    // A store gives the module its plugin options (`plugins: [{resolve: "medusa-plugin-bnpl", options}]`);
    // here, tests may give some as JSON (e.g. plans an account lacks).
    { resolve: "./src/modules/bnpl", options: JSON.parse(process.env.BNPL_TEST_MODULE_OPTIONS || "{}") },
    // The admin's feed, and e-mails (the plugin's payment links) logged by the local provider
    // instead of sent: a store puts its own e-mail provider on the "email" channel.
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: { name: "Local Notification Provider", channels: ["feed", "email"] },
          },
        ],
      },
    },
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
              // The storefront's pages the customer comes back to (the demo's: scripts/demo.js);
              // a session's own data.return_url / data.customer_cancel_url win.
              returnUrl: process.env.BNPL_RETURN_URL || undefined,
              cancelUrl: process.env.BNPL_CANCEL_URL || undefined,
            },
          },
        ],
      },
    },
  ],
})
