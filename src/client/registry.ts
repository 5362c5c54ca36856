import { createHash } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { BnplClient } from "./client"
import type { ServiceUrlRules } from "./service-url"

/** An account of the service: where to call and with which key (what the settings resolve to). */
export type Account = { apiKey?: string; apiUrl?: string; timeoutMs?: number }

/** The one "is it configured?" test: a key and a URL to send it to. */
export const isConfigured = (account: Account): account is Account & { apiKey: string; apiUrl: string } =>
  !!account.apiKey && !!account.apiUrl

/**
 * A short, one-way name for an account (service URL + key), to keep answers of one account
 * apart from another's in caches and to key the clients below. Does not reveal the key.
 */
export function accountFingerprint(account: Pick<Account, "apiKey" | "apiUrl">): string {
  return createHash("sha256")
    .update(`bnpl-account\n${account.apiUrl ?? ""}\n${account.apiKey ?? ""}`)
    .digest("hex")
    .slice(0, 16)
}

const clients = new Map<string, BnplClient>()
const MAX_CLIENTS = 16

/**
 * A client for the account, or a clear error when the plugin is not configured. `urlRules`: the
 * store's rules the settings merge checked the URL with (`urlRulesFor`), for the client to check
 * the hosted page's host too; without them, the URL's shape and the page's scheme only.
 */
export function clientFor(
  account: Account,
  logger?: { warn: (message: string) => void },
  urlRules?: ServiceUrlRules
): BnplClient {
  if (!isConfigured(account)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Instalment payments are not configured: set the ${!account.apiKey ? "API key" : "service URL"} in the admin (Settings → Instalment payments) or BNPL_${!account.apiKey ? "API_KEY" : "API_URL"}`
    )
  }
  // One client per account and timeout, reused across requests (its HTTP agent and retry set-up
  // are built once). Keyed by the fingerprint, so the map holds no key in clear.
  const id = `${accountFingerprint(account)}:${account.timeoutMs ?? ""}:${urlRules ? JSON.stringify(urlRules) : ""}`
  let client = clients.get(id)
  if (!client) {
    client = new BnplClient({
      apiKey: account.apiKey,
      baseUrl: account.apiUrl,
      timeoutMs: account.timeoutMs,
      logger,
      urlRules,
    })
    if (clients.size >= MAX_CLIENTS) {
      clients.delete(clients.keys().next().value as string)
    }
    clients.set(id, client)
  }
  return client
}
