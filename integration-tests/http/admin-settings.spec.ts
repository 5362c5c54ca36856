import net from "node:net"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandboxStore } from "../helpers/sandbox-store"
import { testPorts } from "../helpers/checkout"
import { BNPL_PROVIDER_ID } from "../helpers/store"
import { decryptSecret, encryptionSecrets } from "../../src/modules/bnpl/settings/encryption"
import { SETTINGS_TTL_MS } from "../../src/modules/bnpl/settings"

jest.setTimeout(120 * 1000)

// Saved as `api_key`, the live slot: live keys (a test key there is refused).
const ACTIVE_KEY = "sk_live_active_0000000000000000"
const INACTIVE_KEY = "sk_live_inactive_000000000000000"
const UNKNOWN_KEY = "sk_live_unknown_1234567890abcdef"
// The backend's env key is wrong: whatever works below works through the admin settings.
const ENV_KEY = "sk_test_wrong"
const KEYS = [ACTIVE_KEY, INACTIVE_KEY, UNKNOWN_KEY, ENV_KEY]
const ENCRYPTION_KEY = "test-encryption-secret-7f3c9a1e5b2d4f6a8c0e"
// Fixed per process so the app can be told the sandbox URL before it boots.
// Below the ephemeral ports (helpers/checkout.ts says why); a group's own when the suite joins one.
const SANDBOX_PORT = testPorts(16).sandbox
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`
const RETURN_URL = "http://localhost:8000/checkout/bnpl-return"

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The admin settings over HTTP in a real app with the sandbox: admin-only routes, validation
 * before anything is written, the key encrypted at rest and never returned, the verify
 * button's outcomes, and changes that apply at once to the store routes and the provider.
 */
medusaIntegrationTestRunner({
  env: {
    BNPL_API_URL: SANDBOX_URL,
    BNPL_API_KEY: ENV_KEY,
    BNPL_ENCRYPTION_KEY: ENCRYPTION_KEY,
  },
  testSuite: ({ api, getContainer }) => {
    const { sandbox, store, admin } = useSandboxStore({ api, getContainer }, { port: SANDBOX_PORT, setUp: "all" })
    // The sandbox's accounts for the live keys (it is reset before each test).
    beforeEach(() => {
      sandbox().setMerchant(ACTIVE_KEY, { name: "Demo Store", activated: true })
      sandbox().setMerchant(INACTIVE_KEY, { name: "Pending Store", activated: false })
    })
    // Every response body this suite saw: none may carry a key.
    const bodies: string[] = []

    afterAll(() => {
      for (const body of bodies) {
        for (const key of KEYS) {
          expect(body).not.toContain(key)
        }
      }
    })

    const record = (response: any) => {
      bodies.push(JSON.stringify(response?.data ?? null))
      return response
    }
    const getSettings = () => api.get("/admin/bnpl/settings", admin()).then(record, (e) => record(e.response))
    const saveSettings = (body: unknown) =>
      api.post("/admin/bnpl/settings", body, admin()).then(record, (e) => record(e.response))
    const verify = (body?: unknown) =>
      api.post("/admin/bnpl/settings/verify", body, admin()).then(record, (e) => record(e.response))
    const plansFor = (amount: number) =>
      api
        .get(`/store/bnpl/eligibility?amount=${amount}&currency_code=eur`, store().storeHeaders)
        .then(record, (e) => record(e.response))
    const db = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const settingsRows = async () =>
      (await db().raw("select * from bnpl_settings where deleted_at is null order by created_at")).rows

    it("answers 401 on every settings route without an admin", async () => {
      const anonymous = [
        api.get("/admin/bnpl/settings"),
        api.post("/admin/bnpl/settings", { plans: [{ installments_count: 4 }] }),
        api.post("/admin/bnpl/settings/verify", { api_key: ACTIVE_KEY }),
        api.get("/admin/bnpl/settings", { headers: { authorization: "Bearer not-a-token" } }),
        api.post("/admin/bnpl/settings", { api_key: ACTIVE_KEY }, { headers: { authorization: "Bearer not-a-token" } }),
      ]
      const statuses = await Promise.all(anonymous.map((p) => p.then((r) => r.status, (e) => record(e.response).status)))
      expect(statuses).toEqual([401, 401, 401, 401, 401])
      expect(await settingsRows()).toHaveLength(0)
    })

    // [what is wrong, body, what the 400 must say]
    const invalid: [string, Record<string, unknown>, RegExp][] = [
      ["a URL that is not one", { api_url: "not a url" }, /api_url must be an http\(s\) URL/],
      ["a URL that is not http(s)", { api_url: "ftp://files.example.com" }, /api_url must be an http\(s\) URL/],
      [
        "an unknown shipping_method",
        { shipping_method_overrides: { so_123: { shipping_method: "drone" } } },
        /shipping_method_overrides, so_123, shipping_method.*drone/,
      ],
      ["0 instalments", { plans: [{ installments_count: 0 }] }, /plans\[0\]\.installments_count .*1 to 48, got 0/],
      ["2.5 instalments", { plans: [{ installments_count: 2.5 }] }, /plans\[0\]\.installments_count .*got 2\.5/],
      ["a string count", { plans: [{ installments_count: "3" }] }, /plans\[0\]\.installments_count .*the string "3"/],
      ["49 instalments", { plans: [{ installments_count: 4 }, { installments_count: 49 }] }, /plans\[1\]\.installments_count .*got 49/],
      ["no plans", { plans: [] }, /'plans' too small/],
      ["a plan deferred twice", { plans: [{ installments_count: 1, deferred_days: 15, deferred_months: 1 }] }, /plans\[0\]: .*days or by months/],
      ["a plan listed twice", { plans: [{ installments_count: 3 }, { installments_count: 3 }] }, /plans\[1\]: "3 instalments" is listed twice/],
      ["auto_capture not a boolean", { auto_capture: "yes" }, /auto_capture/],
      ["a signature check without header", { verify_notification_signature: true }, /verify_notification_signature needs notification_signature_header/],
      ["an unknown field", { api_secret: "x" }, /Unrecognized fields: 'api_secret'/],
      // A valid key next to an invalid plan: nothing of the request is saved.
      ["a valid key with an invalid plan", { api_key: ACTIVE_KEY, plans: [{ installments_count: 0 }] }, /plans\[0\]\.installments_count/],
    ]

    it("refuses invalid settings with a 400 that names the field and the reason, and saves nothing", async () => {
      const baseline = await saveSettings({ plans: [{ installments_count: 3 }], auto_capture: false })
      expect(baseline.status).toBe(200)
      const before = await settingsRows()
      expect(before).toHaveLength(1)

      const answers = []
      for (const [label, body] of invalid) {
        const response = await saveSettings(body)
        answers.push([label, response.status, String(response.data.message)])
      }
      expect(answers).toEqual(invalid.map(([label, , message]) => [label, 400, expect.stringMatching(message)]))

      expect(await settingsRows()).toEqual(before)
      expect(before[0].api_key_encrypted).toBeNull()
      const { data } = await getSettings()
      expect(data.settings).toMatchObject({
        api_key_hint: "****",
        plans: [{ installments_count: 3 }],
        auto_capture: false,
        source: { api_key: "env", plans: "settings", auto_capture: "settings", verify_notification_signature: "default" },
      })
    })

    it("never quotes a malformed api_key in the error", async () => {
      const response = await saveSettings({ api_key: 98765432123456789 })
      expect(response.status).toBe(400)
      expect(response.data.message).toMatch(/api_key/)
      expect(JSON.stringify(response.data)).not.toContain("98765432123456789")
      const spaced = await saveSettings({ api_key: `${ACTIVE_KEY} extra` })
      expect(spaced.status).toBe(400)
      expect(spaced.data.message).toMatch(/api_key/)
      expect(await settingsRows()).toHaveLength(0)
    })

    it("stores the key encrypted, shows only a hint, and removes it on an empty string", async () => {
      const saved = await saveSettings({ api_key: ACTIVE_KEY, api_url: `${SANDBOX_URL}/` })
      expect(saved.status).toBe(200)
      const { data } = await getSettings()
      expect(data.settings).toMatchObject({
        api_key_set: true,
        api_key_hint: "sk_live_...0000",
        api_url: SANDBOX_URL,
        source: { api_key: "settings", api_url: "settings", plans: "default", auto_capture: "default" },
      })
      expect(saved.data.settings.api_key_hint).toBe("sk_live_...0000")
      expect(JSON.stringify([saved.data, data])).not.toContain(ACTIVE_KEY)

      // At rest: a versioned AES-GCM value that is not the key and decrypts back to it.
      const [row] = await settingsRows()
      expect(row.api_key_encrypted).toMatch(/^v3:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/)
      expect(row.api_key_encrypted).not.toContain(ACTIVE_KEY)
      expect(row.api_key_encrypted).not.toContain(Buffer.from(ACTIVE_KEY).toString("base64").slice(0, 20))
      const secrets = encryptionSecrets(undefined, { BNPL_ENCRYPTION_KEY: ENCRYPTION_KEY })
      expect(decryptSecret(row.api_key_encrypted, secrets, "live_api_key", SANDBOX_URL)).toBe(ACTIVE_KEY)
      // Another secret, another URL, or a changed byte, never yields the key.
      expect(() =>
        decryptSecret(
          row.api_key_encrypted,
          [{ source: "BNPL_ENCRYPTION_KEY", secret: "other" }],
          "live_api_key",
          SANDBOX_URL
        )
      ).toThrow(
        /cannot be decrypted/
      )
      expect(() => decryptSecret(row.api_key_encrypted, secrets, "live_api_key", "https://elsewhere.example")).toThrow(
        /cannot be decrypted/
      )
      const [v, iv, tag, ciphertext] = row.api_key_encrypted.split(":")
      const flipped = Buffer.from(ciphertext, "base64")
      flipped[0] ^= 1
      expect(() =>
        decryptSecret([v, iv, tag, flipped.toString("base64")].join(":"), secrets, "live_api_key", SANDBOX_URL)
      ).toThrow(
        /cannot be decrypted/
      )

      // Saving again makes a new value (random IV), still for the same key.
      await saveSettings({ api_key: ACTIVE_KEY })
      const [again] = await settingsRows()
      expect(again.api_key_encrypted).not.toBe(row.api_key_encrypted)

      // An empty string removes it: the env key applies again.
      const removed = await saveSettings({ api_key: "" })
      expect(removed.data.settings).toMatchObject({ api_key_set: true, source: { api_key: "env" } })
      const [cleared] = await settingsRows()
      expect(cleared).toMatchObject({ api_key_encrypted: null, api_key_hint: null, api_url: SANDBOX_URL })
    })

    it("verifies a key before saving: works, not activated, rejected, unreachable", async () => {
      const port = await closedPort()
      const outcomes = await Promise.all([
        verify({ api_key: ACTIVE_KEY }),
        verify({ api_key: INACTIVE_KEY }),
        verify({ api_key: UNKNOWN_KEY }),
        verify({ api_key: ACTIVE_KEY, api_url: `http://127.0.0.1:${port}` }),
      ])
      expect(outcomes.map((r) => r.status)).toEqual([200, 200, 200, 200])
      expect(outcomes.map((r) => r.data.result)).toEqual(["works", "not_activated", "unauthorized", "unreachable"])
      outcomes.forEach((r) => expect(r.data.message).toEqual(expect.any(String)))
      expect(outcomes[1].data.message).toMatch(/not activated/)
      expect(outcomes[2].data.message).toMatch(/rejected the key/)
      expect(outcomes[3].data.message).toMatch(/could not be reached/)
      // Each verification is one eligibility call, with the key tried.
      const calls = sandbox().requests.filter((r: any) => r.path === "/v1/payments/eligibility")
      expect(calls).toHaveLength(3)
      expect(calls.map((c: any) => c.headers.authorization).sort()).toEqual(
        [ACTIVE_KEY, INACTIVE_KEY, UNKNOWN_KEY].map((k) => `Service-Auth ${k}`).sort()
      )
      // Nothing was saved by verifying.
      expect(await settingsRows()).toHaveLength(0)

      // Without a body: the effective settings (here the env's wrong key), then the saved key.
      await saveSettings({ api_key: "" })
      expect((await verify()).data.result).toBe("unauthorized")
      await saveSettings({ api_key: ACTIVE_KEY })
      expect((await verify({})).data.result).toBe("works")
      expect((await verify({ api_url: "nope" })).status).toBe(400)
    })

    it("applies saved plans and a new key to the store routes at once, without a restart", async () => {
      await saveSettings({ api_key: ACTIVE_KEY, plans: [{ installments_count: 4 }] })
      const { data } = await plansFor(100)
      expect(data.eligibility.service_available).toBe(true)
      expect(data.eligibility.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([[4, true]])

      await saveSettings({ api_key: INACTIVE_KEY })
      const { data: inactive } = await plansFor(100)
      expect(inactive.eligibility).toMatchObject({
        service_available: false,
        unavailable_reason: "not_activated",
        plans: [],
      })

      await saveSettings({ api_key: ACTIVE_KEY, plans: null })
      const { data: back } = await plansFor(100)
      expect(back.eligibility.plans.map((p: any) => p.installments_count)).toEqual([3, 4])
    })

    it("picks up a change written by another instance within the cache time", async () => {
      await saveSettings({ api_key: ACTIVE_KEY, plans: [{ installments_count: 3 }] })
      expect((await plansFor(200)).data.eligibility.plans.map((p: any) => p.installments_count)).toEqual([3])
      // Another instance saves: only the database changes here.
      await db().raw(`update bnpl_settings set plans = '[{"installments_count": 2}]'::jsonb, updated_at = now()`)
      const started = Date.now()
      let counts: number[] = []
      while (Date.now() - started < SETTINGS_TTL_MS + 3000) {
        counts = (await plansFor(200)).data.eligibility.plans.map((p: any) => p.installments_count)
        if (counts[0] === 2) break
        await new Promise((r) => setTimeout(r, 250))
      }
      expect(counts).toEqual([2])
      expect(Date.now() - started).toBeLessThan(SETTINGS_TTL_MS + 1500)
    })

    it("makes the payment provider use the key saved in the settings", async () => {
      // No key saved: the provider has only the env's wrong key.
      await saveSettings({ api_key: "" })
      const merino = store().products.find((p) => p.price === 129.9)!
      const { data: created } = await api.post(
        "/store/carts",
        {
          region_id: store().regionId,
          email: "jeanne@example.com",
          items: [{ variant_id: merino.variantId, quantity: 1 }],
        },
        store().storeHeaders
      )
      const { data: pc } = await api.post(
        "/store/payment-collections",
        { cart_id: created.cart.id },
        store().storeHeaders
      )
      const startSession = () =>
        api
          .post(
            `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
            { provider_id: BNPL_PROVIDER_ID, data: { installments_count: 3, return_url: RETURN_URL } },
            store().storeHeaders
          )
          .then(record, (e) => record(e.response))

      const refused = await startSession()
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(sandbox().requests.some((r: any) => r.headers.authorization === `Service-Auth ${ENV_KEY}`)).toBe(true)

      await saveSettings({ api_key: ACTIVE_KEY })
      const accepted = await startSession()
      expect(accepted.status).toBe(200)
      const session = accepted.data.payment_collection.payment_sessions.find(
        (s: any) => s.provider_id === BNPL_PROVIDER_ID
      )
      expect(session.data.bnpl_payment_id).toMatch(/^payment_/)
      const creation = sandbox().requests.find((r: any) => r.method === "POST" && r.path === "/v1/payments")
      expect(creation.headers.authorization).toBe(`Service-Auth ${ACTIVE_KEY}`)
      expect(sandbox().payments.get(session.data.bnpl_payment_id)).toBeTruthy()
    })
  },
})
