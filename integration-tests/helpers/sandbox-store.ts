import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "./admin"
import { storefront, type testPorts } from "./checkout"
import { merchant } from "./merchant"
import { setupStore, type StoreSetup, type StoreSetupOptions } from "./store"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startSandbox } = require("../../sandbox/server")

export type SandboxStoreOptions = {
  /** The sandbox's port: the one the app was told before it booted (`testPorts().sandbox`). */
  port: number
  /** More `startSandbox()` options (notifications are never sent on their own: `autoNotify: false`). */
  sandbox?: Record<string, unknown>
  /** `setupStore()` options. */
  store?: StoreSetupOptions
  /**
   * The store and the admin login: set up once for the suite (default) or before each test.
   * Once is enough: Medusa's runner snapshots the database after the suite's `beforeAll` hooks
   * and restores it before every test, so each test starts from the same fresh store (same ids)
   * without paying for its workflows again (2-4 s a test).
   */
  setUp?: "each" | "all"
  /** `sandbox.reset()` before each test (default): no payment, fault or request of the test before. */
  reset?: boolean
}

/**
 * What most HTTP suites share, in their `testSuite`: the sandbox running on `port` for the whole
 * suite (closed after it), the store (`setupStore`) and an admin session (`adminHeaders`). Its
 * hooks come first, so the suite's own `beforeAll`/`beforeEach` find them ready. Returns getters:
 *
 *   const { sandbox, store, admin } = useSandboxStore({ api, getContainer }, { port: ports.sandbox })
 *   await api.get("/admin/...", admin())   sandbox().requests   store().storeHeaders
 */
export function useSandboxStore(
  { api, getContainer }: { api: any; getContainer: () => MedusaContainer },
  { port, sandbox: sandboxOptions = {}, store: storeOptions, setUp = "all", reset = true }: SandboxStoreOptions
) {
  let sandbox: any
  let store: StoreSetup
  let admin: { headers: Record<string, string> }

  const setUpStore = async () => {
    store = await setupStore(getContainer(), storeOptions)
    admin = await adminHeaders(api, getContainer())
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ port, autoNotify: false, ...sandboxOptions })
    if (setUp === "all") await setUpStore()
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  beforeEach(async () => {
    if (reset) sandbox.reset()
    if (setUp === "each") await setUpStore()
  })

  return {
    /** The in-process sandbox (sandbox/server.js): requests, payments, setFault, accept, ... */
    sandbox: () => sandbox,
    store: () => store,
    /** Axios request options with the admin's token: `api.get("/admin/...", admin())`. */
    admin: () => admin,
  }
}

/** What a suite of `sandboxStoreSuite` is given. */
export type SandboxStoreSuite = { api: any; getContainer: () => MedusaContainer } & ReturnType<
  typeof useSandboxStore
> &
  ReturnType<typeof storefront> &
  ReturnType<typeof merchant> & {
    /** The bnpl module's service (its message record, settings...). */
    bnpl: () => any
    /** The app's database (knex). */
    knex: () => any
  }

/**
 * The opening most HTTP suites share: Medusa's runner on `ports` (its `env`, or `env` when the
 * suite adds to it), and in its testSuite the sandbox, the store and the admin
 * (`useSandboxStore` on `ports.sandbox`, with `options`), the storefront's checkout steps
 * (`storefront`), the merchant's fulfillment and shipment (`merchant`), the bnpl module and the
 * database. `suite` declares the tests:
 *
 *   sandboxStoreSuite({ ports }, ({ api, sandbox, admin, paidOrder, bnpl }) => { it(...) })
 */
export function sandboxStoreSuite(
  {
    ports,
    env = ports.env,
    ...options
  }: { ports: ReturnType<typeof testPorts>; env?: Record<string, string> } & Omit<SandboxStoreOptions, "port">,
  suite: (t: SandboxStoreSuite) => void
) {
  medusaIntegrationTestRunner({
    env,
    testSuite: ({ api, getContainer }: { api: any; getContainer: () => MedusaContainer }) => {
      const setUp = useSandboxStore({ api, getContainer }, { port: ports.sandbox, ...options })
      suite({
        api,
        getContainer,
        ...setUp,
        ...storefront(api, setUp.store),
        ...merchant(api, setUp.admin, setUp.store),
        bnpl: () => getContainer().resolve("bnpl") as any,
        knex: () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any,
      })
    },
  })
}
