import fs from "node:fs"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { DEFAULT_PRODUCTS } from "./store"
import { TEST_API_KEY, type testPorts } from "./checkout"
import { useSandboxStore } from "./sandbox-store"
import { faultJourneys, type FaultJourneys } from "./faults-journeys"
import { faultMeasures } from "./faults-measure"
import {
  CONCURRENCY,
  IPN_RETRY_DELAYS_MS,
  ITERATIONS,
  pool,
  setLogsSilent,
  STICKER,
  TEST_MODE_KEY,
  type FaultContext,
  type Row,
} from "./faults"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { formatReport } = require("../../scripts/lib/faults-table")

/** What a file's scenarios are given: the app, the sandbox, the store, the operations and the counts. */
export type FaultSuite = FaultContext & FaultJourneys & ReturnType<typeof faultMeasures>

/**
 * One file of the fault suite (integration-tests/http/faults-*.spec.ts; faults.ts says what it
 * counts): its own app on `ports`, the sandbox never reset between scenarios, paid orders made
 * first, the store's second account; `tests` declares the file's scenarios. After the last, the
 * file's table is printed and, with FAULTS_REPORT, written there as `<file>.json` with
 * `scenarios`, how many the file runs (scripts/faults.js adds the files' reports up).
 */
export function faultSuite(
  { ports, scenarios }: { ports: ReturnType<typeof testPorts>; scenarios: number },
  tests: (suite: FaultSuite) => void
) {
  jest.setTimeout((120 + ITERATIONS * 90) * 1000)
  const rows: Row[] = []
  const started = Date.now()

  medusaIntegrationTestRunner({
    env: ports.env,
    testSuite: ({ api, getContainer }) => {
      const { sandbox, store, admin } = useSandboxStore(
        { api, getContainer },
        {
          port: ports.sandbox,
          sandbox: { ipnRetryDelaysMs: IPN_RETRY_DELAYS_MS },
          store: { products: [...DEFAULT_PRODUCTS, STICKER] },
          setUp: "all",
          // Never reset: the prepared orders' payments must stay known to the service.
          reset: false,
        }
      )
      const suite: FaultContext = { api, getContainer, sandbox, store, admin, prepared: [], sequence: 0, rows }
      const journeys = faultJourneys(suite)
      const { paidOrder } = journeys

      beforeAll(async () => {
        // The failures injected here make Medusa and the plugin log an error or a warning with a
        // stack for each: hundreds of lines. The table counts what happened; FAULTS_VERBOSE=1 shows them.
        if (!process.env.FAULTS_VERBOSE) setLogsSilent(true)
        const count = ITERATIONS
        // One at a time: these guest checkouts share one e-mail, and Medusa refuses two guest
        // customers with the same e-mail created at once ("already exists"), not a plugin fault.
        suite.prepared.push(...(await pool(count, 1, async () => {
          try {
            const { order, pid } = await paidOrder(sandbox(), 129.9, 1, "Express 24h")
            const { data } = await api.get(`/admin/orders/${order.id}?fields=*items`, admin())
            return { orderId: order.id, pid, items: data.order.items.map((i: any) => ({ id: i.id, quantity: i.quantity })) }
          } catch (e: any) {
            const said = e?.response ? `HTTP ${e.response.status} ${JSON.stringify(e.response.data)}` : e?.message
            throw new Error(`Could not prepare a paid order to fulfil under faults (${e?.config?.method} ${e?.config?.url}): ${said}`)
          }
        })))
        // The store's second account: test mode, its own key, served by the same sandbox. The store
        // stays in live mode (the env's account) except where a scenario switches it.
        sandbox().setMerchant(TEST_MODE_KEY, { name: "Test-mode account", activated: true, revoked: false })
        await api.post(
          "/admin/bnpl/settings",
          { test_api_key: TEST_MODE_KEY, test_api_url: sandbox().url, mode: "live" },
          admin()
        )
      })

      beforeEach(() => {
        // What the last scenario set, without reset() (see above).
        sandbox().clearFaults()
        sandbox().clearRequests()
        sandbox().ipnCalls.length = 0
        sandbox().setMerchant(TEST_API_KEY, { activated: true, revoked: false })
        sandbox().setMerchant(TEST_MODE_KEY, { activated: true, revoked: false })
      })

      afterAll(async () => {
        setLogsSilent(false)
        const report = {
          expected_scenarios: scenarios,
          iterations: ITERATIONS,
          concurrency: CONCURRENCY,
          seconds: ((Date.now() - started) / 1000).toFixed(1),
          rows,
        }
        if (process.env.FAULTS_REPORT) {
          const file = path.basename(expect.getState().testPath ?? "faults", ".spec.ts")
          fs.mkdirSync(process.env.FAULTS_REPORT, { recursive: true })
          fs.writeFileSync(path.join(process.env.FAULTS_REPORT, `${file}.json`), JSON.stringify(report, null, 2))
        }
        // Straight to stdout: jest's console capture would bury the table in stack traces.
        process.stdout.write(`\n${formatReport(report)}\n\n`)
      })

      tests(Object.assign(suite, journeys, faultMeasures(suite, journeys)))
    },
  })
}
