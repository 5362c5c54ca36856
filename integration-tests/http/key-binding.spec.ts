import http from "node:http"
import type { AddressInfo } from "node:net"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { useSandboxStore } from "../helpers/sandbox-store"
import { testPorts } from "../helpers/checkout"
import { decryptWithSecret, encryptionSecrets, encryptSecret } from "../../src/modules/bnpl/settings/encryption"
import { forgetCachedSettings } from "../../src/modules/bnpl/settings"

jest.setTimeout(120 * 1000)

// The backend's own key and URL come from the environment, as in `npm run demo`.
const ENV_KEY = "sk_test_active_0000000000000000"
// Typed as `api_key` (the live slot): a live key.
const DUMMY_KEY = "sk_live_dummy_00000000000000000"
const PINNED_KEY = "sk_live_pinned_0000000000000000"
// Below the ephemeral ports (helpers/checkout.ts says why); a group's own when the suite joins one.
const SANDBOX_PORT = testPorts(15).sandbox
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`

/**
 * A server that is not the service: it records every Authorization header it receives and
 * answers what the test tells it to (an error page, a redirect...).
 */
function foreignServer() {
  const seen: string[] = []
  let answer: (res: http.ServerResponse) => void = (res) => res.end("{}")
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers.authorization ?? ""))
    answer(res)
  })
  return {
    seen,
    answer: (a: typeof answer) => (answer = a),
    start: () => new Promise<void>((r) => server.listen(0, "127.0.0.1", r)),
    stop: () => new Promise((r) => server.close(r)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }
}

/**
 * Issue 10, rows 1-2: a key the merchant did not type in the same save never reaches another
 * URL (saving, removing the saved key, verifying), and Verify never reads out what another
 * server answered.
 */
medusaIntegrationTestRunner({
  env: {
    BNPL_API_URL: SANDBOX_URL,
    BNPL_API_KEY: ENV_KEY,
    BNPL_ENCRYPTION_KEY: "test-encryption-secret-key-binding-0001",
  },
  testSuite: ({ api, getContainer }) => {
    const { store, admin } = useSandboxStore({ api, getContainer }, { port: SANDBOX_PORT })
    const foreign = foreignServer()
    beforeAll(foreign.start)
    afterAll(foreign.stop)
    beforeEach(() => {
      foreign.seen.length = 0
      foreign.answer((res) => res.end("{}"))
    })

    const save = (body: unknown) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)
    const verify = (body?: unknown) => api.post("/admin/bnpl/settings/verify", body, admin()).catch((e: any) => e.response)
    const plans = (amount: number) =>
      api.get(`/store/bnpl/eligibility?amount=${amount}&currency_code=eur`, store().storeHeaders)
    const envKeyAbroad = () => foreign.seen.filter((h) => h.includes(ENV_KEY))

    it("refuses to send the env key to a URL saved with an empty key, and sends it nowhere", async () => {
      const response = await save({ api_key: "", api_url: foreign.url() })
      expect(response.status).toBe(400)
      expect(response.data.message).toContain(`only sent to ${SANDBOX_URL}`)
      expect(response.data.message).toContain("paste the API key")
      expect((await save({ api_url: foreign.url() })).status).toBe(400)
      expect((await verify({ api_url: foreign.url() })).status).toBe(400)
      await verify()
      await plans(120.5)
      expect(envKeyAbroad()).toHaveLength(0)
      expect(foreign.seen).toHaveLength(0)
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.api_url).toBe(SANDBOX_URL)
    })

    it("removing a saved key also drops the URL saved with it: the env key goes back to the env URL", async () => {
      expect((await save({ api_key: DUMMY_KEY, api_url: foreign.url() })).status).toBe(200)
      const removed = await save({ api_key: null })
      expect(removed.status).toBe(200)
      expect(removed.data.settings.api_url).toBe(SANDBOX_URL)
      expect(removed.data.settings.source.api_url).toBe("env")
      foreign.seen.length = 0
      await verify()
      await plans(130.5)
      expect(envKeyAbroad()).toHaveLength(0)
      expect(foreign.seen).toHaveLength(0)
    })

    it("a key typed with its URL goes there; changing only the URL later is refused", async () => {
      expect((await save({ api_key: DUMMY_KEY, api_url: foreign.url() })).status).toBe(200)
      expect((await save({ api_url: SANDBOX_URL })).status).toBe(400)
      // A typed key pins the URL in effect when it was saved.
      expect((await save({ api_key: PINNED_KEY, api_url: SANDBOX_URL })).status).toBe(200)
      const { data } = await save({ api_key: DUMMY_KEY })
      expect(data.settings.api_url).toBe(SANDBOX_URL)
      await save({ api_key: null })
    })

    it("Verify reports a foreign server in its own words, never its text, and follows no redirect", async () => {
      foreign.answer((res) => {
        res.writeHead(500, { "content-type": "text/html" })
        res.end("<html>SECRET-INTERNAL-BANNER nginx/1.2.3 admin panel</html>")
      })
      const page = await verify({ api_key: DUMMY_KEY, api_url: foreign.url() })
      expect(page.data.result).toBe("unreachable")
      expect(page.data.message).toContain("answered HTTP 500")
      expect(page.data.message).not.toContain("SECRET-INTERNAL-BANNER")

      foreign.answer((res) => {
        res.writeHead(302, { location: `${SANDBOX_URL}/v1/payments/eligibility` })
        res.end()
      })
      const redirected = await verify({ api_key: DUMMY_KEY, api_url: foreign.url() })
      expect(redirected.data.message).toContain("redirect (HTTP 302), which is not followed")
      expect(redirected.data.notification_url).toMatch(/\/hooks\/bnpl\/notification$/)
    })

    it("re-encrypts a key read with a fallback secret under BNPL_ENCRYPTION_KEY", async () => {
      const container = getContainer()
      const secrets = encryptionSecrets(container.resolve("configModule") as any)
      expect(secrets[0].source).toBe("BNPL_ENCRYPTION_KEY")
      const fallback = secrets.find((s) => s.source !== "BNPL_ENCRYPTION_KEY")!
      const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db("bnpl_settings").insert({
        id: "bnplset_fallback",
        api_key_encrypted: encryptSecret(ENV_KEY, fallback, "live_api_key", SANDBOX_URL),
        api_key_hint: "sk_test_...0000",
        api_url: SANDBOX_URL,
      })
      forgetCachedSettings()
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.source.api_key).toBe("settings")
      const [row] = await db("bnpl_settings").where({ id: "bnplset_fallback" })
      expect(decryptWithSecret(row.api_key_encrypted, secrets, "live_api_key", SANDBOX_URL).secret.source).toBe(
        "BNPL_ENCRYPTION_KEY"
      )
    })

    it("a saved key opens only beside the URL it was saved with: a URL or slot edited in the database gets no key", async () => {
      expect((await save({ api_key: PINNED_KEY, api_url: SANDBOX_URL })).status).toBe(200)
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const [saved] = await db("bnpl_settings").whereNull("deleted_at")
      // What a database-write attacker would do: point the live account elsewhere, and copy the
      // live key into the test slot (with a URL of their own).
      await db("bnpl_settings").where({ id: saved.id }).update({
        api_url: foreign.url(),
        test_api_key_encrypted: saved.api_key_encrypted,
        test_api_url: foreign.url(),
      })
      forgetCachedSettings()
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.accounts.live).toMatchObject({ api_key_set: true, api_url: foreign.url() })
      expect(data.settings.accounts.live.api_key_problem).toMatch(/cannot be decrypted/)
      expect(data.settings.accounts.test.api_key_problem).toMatch(/cannot be decrypted/)
      await verify()
      await verify({ mode: "test" })
      await plans(140.5)
      expect(foreign.seen.filter((h) => h.includes(PINNED_KEY))).toEqual([])
      // Put back: the key opens again beside its own URL.
      await db("bnpl_settings").where({ id: saved.id }).update({
        api_url: SANDBOX_URL,
        test_api_key_encrypted: null,
        test_api_url: null,
      })
      forgetCachedSettings()
      const back = await api.get("/admin/bnpl/settings", admin())
      expect(back.data.settings.accounts.live.api_key_problem).toBeNull()
      await save({ api_key: null })
    })

    it("refuses service URLs with credentials, a query or a fragment", async () => {
      for (const url of ["http://user:pw@127.0.0.1:1", "https://api.example.com/?a=1", "https://api.example.com/#x"]) {
        const response = await save({ api_key: DUMMY_KEY, api_url: url })
        expect(response.status).toBe(400)
        expect(response.data.message).not.toContain("pw@")
      }
    })
  },
})
