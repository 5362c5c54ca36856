import { logger } from "@medusajs/framework/logger"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import { eventually, testPorts } from "../helpers/checkout"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startSandbox } = require("../../sandbox/server")

jest.setTimeout(300 * 1000)

const ports = testPorts(18)
// The plugin options a merchant typed: 3x the account has; 5x (listed, not sold) and "pay in
// 45 days" it does not. Read by medusa-config.ts when it is evaluated, before the app boots.
const OPTION_PLANS = [{ installments_count: 3 }, { installments_count: 5 }, { installments_count: 1, deferred_days: 45 }]
const previousOptions = process.env.BNPL_TEST_MODULE_OPTIONS
process.env.BNPL_TEST_MODULE_OPTIONS = JSON.stringify({ plans: OPTION_PLANS })

// The check runs once, as the app starts: the sandbox must already answer, and the lines be caught.
let sandbox: any
const errors: string[] = []
beforeAll(async () => {
  sandbox = await startSandbox({ port: ports.sandbox, autoNotify: false })
  jest.spyOn(logger, "error").mockImplementation((...args: any[]) => {
    errors.push(args.map(String).join(" "))
  })
})
afterAll(async () => {
  jest.restoreAllMocks()
  await sandbox?.close()
  if (previousOptions === undefined) delete process.env.BNPL_TEST_MODULE_OPTIONS
  else process.env.BNPL_TEST_MODULE_OPTIONS = previousOptions
})

/**
 * Plans of the plugin options that the account does not have: the boot does not wait for the
 * service, then one ERROR line names them and lists the account's plans (one read of the
 * account's plans, none for the account without a key), and the settings page shows them.
 */
medusaIntegrationTestRunner({
  env: ports.env,
  testSuite: ({ api, getContainer }) => {
    it("logs one line at start-up naming the plans the account lacks and listing its plans", async () => {
      const lines = () => errors.filter((l) => l.includes("the plugin option plans"))
      const line = await eventually(async () => lines()[0])
      expect(lines()).toHaveLength(1)
      expect(line).toContain('the live account does not have: "5 instalments", "pay in 45 days"')
      expect(line).toMatch(/The account's plans: "2 instalments", "3 instalments", .*"pay in 30 days"/)
      expect(line).not.toContain(ports.env.BNPL_API_KEY)
      // One read of the configured account's plans; the test account has no key: not asked.
      expect(sandbox.requests.filter((r: any) => r.path === "/v1/me/fee-plans")).toHaveLength(1)
    })

    it("shows the same plans on the settings page, for the account that lacks them", async () => {
      const admin = await adminHeaders(api, getContainer())
      const { settings } = (await api.get("/admin/bnpl/settings", admin)).data
      expect(settings.source.plans).toBe("options")
      expect(settings.accounts.live.unknown_plans).toEqual([
        { installments_count: 5 },
        { installments_count: 1, deferred_days: 45 },
      ])
      expect(settings.accounts.test.unknown_plans).toBeUndefined()
    })
  },
})
