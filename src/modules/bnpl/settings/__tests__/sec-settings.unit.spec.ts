import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createCipheriv, hkdfSync, randomBytes } from "node:crypto"
import { encryptionSecrets, encryptSecret } from "../encryption"
import { forgetCachedSettings, loadStoredSettings } from "../reader"
import { mergeSettings } from "../precedence"
import { checkSettingsAfter, pinKeyUrls, settingsChanges, storedAfter } from "../changes"
import { parseSettingsPatch } from "../patch"
import { verifyServiceAccess, verifyTarget } from "../verify"
import { accountPlansRecord, servicePlansView } from "../../../../workflows/eligibility/utils/account-plans"

/** Security review of the stored keys and of Verify. */
const LIVE_KEY = "sk_live_abcdefghijklmnop1234"
const SECRET = "a-long-random-secret-0123456789abcdef"

/** One settings row as the database holds it (what a database-write attacker can edit). */
function fakeKnex(row: Record<string, unknown>) {
  return () => ({
    whereNull: () => ({ orderBy: () => ({ first: async () => ({ ...row }) }) }),
    where: () => ({ update: async () => 1 }),
  })
}

async function effectiveLive(row: Record<string, unknown>, mode: "live" | "test" = "live") {
  const previous = process.env.BNPL_ENCRYPTION_KEY
  process.env.BNPL_ENCRYPTION_KEY = SECRET
  try {
    forgetCachedSettings()
    const stored = await loadStoredSettings({ knex: fakeKnex(row) as any })
    return mergeSettings(stored, {}, { BNPL_ENCRYPTION_KEY: SECRET }, mode).options
  } finally {
    process.env.BNPL_ENCRYPTION_KEY = previous
  }
}

/** A v1 value (one AAD for both slots), as the plugin stored keys before v2. */
function legacyV1(plaintext: string): string {
  const key = Buffer.from(
    hkdfSync("sha256", SECRET, "medusa-plugin-bnpl/settings", "bnpl api key v1", 32) as ArrayBuffer
  )
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(Buffer.from("bnpl_settings.api_key", "utf8"))
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":")
}

describe("security review: what the slot binding protects against a database write", () => {
  // Adjusted: encryptSecret now also takes the URL the key is saved with (finding 8: the ciphertext is bound to it).
  const saved = () =>
    encryptSecret(
      LIVE_KEY,
      encryptionSecrets(undefined, { BNPL_ENCRYPTION_KEY: SECRET })[0],
      "live_api_key",
      "https://api.bnpl.example"
    )

  it("(control) the key saved with https://api.bnpl.example goes there", async () => {
    const options = await effectiveLive({ id: "s", api_key_encrypted: saved(), api_url: "https://api.bnpl.example" })
    expect(options).toMatchObject({ apiKey: LIVE_KEY, apiUrl: "https://api.bnpl.example" })
  })

  it("an api_url edited in the database does not receive the key saved for another URL", async () => {
    const options = await effectiveLive({
      id: "s",
      api_key_encrypted: saved(),
      api_url: "https://collector.attacker.example",
    })
    console.info(`key ${options.apiKey ? "SENT" : "withheld"} to ${options.apiUrl}`)
    expect(options.apiKey === LIVE_KEY && options.apiUrl === "https://collector.attacker.example").toBe(false)
  })

  it("a v1 ciphertext of the live key copied into the test slot is not read as the test key", async () => {
    const options = await effectiveLive(
      { id: "s", test_api_key_encrypted: legacyV1(LIVE_KEY), test_api_url: "https://sandbox.bnpl.example" },
      "test"
    )
    expect(options.apiKey).not.toBe(LIVE_KEY)
  })
})

describe("security review: Verify as a probe of the backend's network", () => {
  let open: Server
  let openPort: number
  let closedPort: number

  beforeAll(async () => {
    // Some internal HTTP service on the backend's host (not the payment service).
    open = createServer((_req, res) => res.writeHead(404).end("not here"))
    await new Promise<void>((r) => open.listen(0, "127.0.0.1", r))
    openPort = (open.address() as AddressInfo).port
    const probe = createServer()
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r))
    closedPort = (probe.address() as AddressInfo).port
    await new Promise((r) => probe.close(r))
  })
  afterAll(() => new Promise((r) => open.close(r)))

  it("in production, a typed http://127.0.0.1:<port> or https://<private address> is accepted as the service URL", () => {
    const production = { NODE_ENV: "production" }
    const typed = (api_url: string) =>
      verifyTarget({ api_key: "sk_live_typedkey0000000000", api_url }, {}, {}, production)
    console.info(
      JSON.stringify(
        [typed("http://127.0.0.1:6379"), typed("https://10.0.0.5:8443")].map((t) =>
          "problem" in t ? t.problem : "accepted"
        )
      )
    )
    expect("problem" in typed("http://127.0.0.1:6379")).toBe(true)
  })

  it("Verify's answer does not tell an open port from a closed one", async () => {
    const verify = (port: number) =>
      verifyServiceAccess({
        apiKey: "sk_live_typedkey0000000000",
        apiUrl: `http://127.0.0.1:${port}`,
        urlRules: { production: true },
        mode: "live",
      })
    const [atOpen, atClosed] = [await verify(openPort), await verify(closedPort)]
    console.info(`open port: ${atOpen.message}\nclosed port: ${atClosed.message}`)
    expect(atOpen.message.replace(String(openPort), "P")).toBe(atClosed.message.replace(String(closedPort), "P"))
  })
})

describe("security review: what another server answered, in the settings view", () => {
  let internal: Server
  let port: number
  beforeAll(async () => {
    // An internal JSON API on the backend's network: its error text is what a probe wants to read.
    internal = createServer((req, res) =>
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ message: `internal-api v7.3 on db-primary: no route ${req.url}` }))
    )
    await new Promise<void>((r) => internal.listen(0, "127.0.0.1", r))
    port = (internal.address() as AddressInfo).port
  })
  afterAll(() => new Promise((r) => internal.close(r)))

  it("the account's plans read after a save (GET /admin/bnpl/settings' service_plans_problem) does not quote the server's own words", async () => {
    const container = {
      resolve: (key: string) => {
        if (key === "logger") return { warn: () => undefined }
        throw new Error(`${key} not registered`)
      },
    } as any
    // What POST /admin/bnpl/settings does after saving {api_url, api_key}: refreshAccountPlans -> accountPlansRecord(refresh).
    const options = { apiKey: "sk_live_typedkey0000000000", apiUrl: `http://127.0.0.1:${port}` } as any
    await accountPlansRecord(container, options, { refresh: true })
    const view = await servicePlansView(container, { ...options, plans: [] })
    console.info(`service_plans_problem: ${view.service_plans_problem}`)
    expect(view.service_plans_problem).not.toMatch(/internal-api|db-primary/)
  })
})

describe("security review: what bnpl_settings update can do (no apiHosts, production)", () => {
  it("a save cannot point the store's checkout at a host nobody allowed", () => {
    const env = { NODE_ENV: "production", BNPL_ENCRYPTION_KEY: SECRET }
    const patch = parseSettingsPatch({
      test_api_key: "sk_test_anything000000000000",
      test_api_url: "https://collector.attacker.example",
      mode: "test",
    })
    const changes = settingsChanges(patch, undefined, env)
    pinKeyUrls({ changes, stored: {}, pluginOptions: {}, env })
    const after = storedAfter({}, undefined, changes, patch)
    let refused: string | undefined
    try {
      checkSettingsAfter({ stored: {}, after, changes, pluginOptions: {}, env })
    } catch (e) {
      refused = (e as Error).message
    }
    const used = mergeSettings(after, {}, env).options
    console.info(
      `refused: ${refused ?? "no"}; checkout now creates payments at ${used.apiUrl} (mode ${mergeSettings(after, {}, env).mode})`
    )
    expect(refused).toBeDefined()
  })
})
