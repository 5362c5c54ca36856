import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BNPL_STARTED_EVENT } from "../modules/bnpl/service"
import { logOptionPlansMissing } from "../workflows/eligibility/utils/account-plans"

/**
 * The app is up (emitted by the module service's start hook): plans of the plugin options an
 * account does not have are logged, one ERROR line per account. Never throws.
 */
export default async function bnplStarted({ container }: SubscriberArgs<Record<string, never>>) {
  await logOptionPlansMissing(container)
}

export const config: SubscriberConfig = {
  event: BNPL_STARTED_EVENT,
  context: { subscriberId: "bnpl-started" },
}
