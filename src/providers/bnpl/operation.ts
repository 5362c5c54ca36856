import type { Logger } from "@medusajs/framework/types"
import { clientFor, type BnplClient } from "../../client"
import type { Mode } from "../../lib/settings/mode"
import type { Knex } from "../../modules/bnpl/ledger"
import {
  effectiveSettings,
  settingsSourceFrom,
  urlRulesFor,
  type BnplOptions,
  type ResolvedOptions,
} from "../../modules/bnpl/settings"

/**
 * Everything one provider operation needs, resolved once at its start and passed down: the
 * account's options, its mode, its client, the connection and the logger. The provider is one
 * instance per process, shared by every request: nothing of one operation may live on it, or a
 * concurrent operation of the other account would read it between two awaits.
 */
export type Operation = {
  readonly options: ResolvedOptions
  readonly mode: Mode
  /** The client of this account (throws a clear "not configured" error when it has no key or URL). */
  client(): BnplClient
  readonly knex: Knex
  readonly logger: Logger
}

export type ProviderContext = { container: Record<string, unknown>; providerOptions: BnplOptions; logger: Logger }

/**
 * The account of `mode` (a payment's own mode), or the store's current mode for a new payment:
 * admin settings over the provider's options over env (`modules/bnpl/settings`).
 */
export async function operationFor(context: ProviderContext, mode?: Mode): Promise<Operation> {
  const source = settingsSourceFrom(context.container)
  const settings = await effectiveSettings(source, context.providerOptions, process.env, mode)
  const { logger } = context
  // The rules the merge checked the URL with: the client checks the hosted page's host with them.
  const urlRules = urlRulesFor(context.providerOptions, process.env)
  return {
    options: settings.options,
    mode: settings.mode,
    client: () => clientFor(settings.options, logger, urlRules),
    knex: context.container.__pg_connection__ as Knex,
    logger,
  }
}
