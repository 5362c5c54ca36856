// The HTTP suites that share one app in `npm test`'s full run (shared-app.js), by group. A
// group is one jest file (integration-tests/shared/<group>.spec.js): one boot instead of one
// per suite. A suite whose env differs from the group's only in what the plugin reads on every
// request (its account, key, URLs: shared-app.js) joins too, its env in force while it runs.
// Groups are sized to take about as long each (the suites' test times in the last runs), so
// that the workers finish together with the suites that keep an app of their own: those that
// change what the app reads when it starts (rbac: a feature flag; option-plans: the module's
// options; untested-medusa: the Medusa version the plugin finds, in the process's environment)
// and the fault suite's files, faults-*.spec.ts (their sandbox is never reset between scenarios;
// one file, the longest, until it was split by its sections).
// `npm test -- <suite file>` still runs a suite in an app of its own.

const GROUPS = {
  checkout: ["storefront", "exclusions", "eligibility-resilience", "customer-language", "account-plans", "checkout", "health", "key-binding"],
  money: ["money", "payment-links", "payment-links-merchant", "reconciliation", "shipping-info", "session-details", "modes", "secrets", "admin-settings", "account-plans-v2"],
  notifications: ["storefront-urls", "shipping-sync", "notifications", "plan-bounds", "legal-texts"],
  "after-order": ["order-timeline", "notification-tokens", "after-order", "payments", "pay-at-shipment", "retention"],
}

/**
 * About how long each file of the full HTTP run takes (seconds, 2 cores, warm runs of this
 * commit), for sequencer.js: the order of a run that has no durations of its own yet (CI's fresh
 * clone). The faults-* figures are the former single file's 185 s shared out by its scenarios,
 * each with a boot of its own: estimates until a run measures them.
 */
const EXPECTED_SECONDS = {
  "after-order": 150,
  "faults-service": 75,
  "faults-notifications": 55,
  "faults-after-order": 50,
  "faults-accounts": 35,
  "faults-refunds": 30,
  checkout: 135,
  money: 150,
  notifications: 125,
  rbac: 30,
  "option-plans": 20,
  "untested-medusa": 105,
  // No server of their own to boot: estimates from their CPU time alone (issue 45 item 6 moved
  // them from the unit part: TypeScript's compiler; 1,000 requests to the sandbox; the plugin's
  // build).
  "store-api-types": 25,
  "built-plugin": 30,
  "product-page-flood": 30,
}

/** Every suite that runs in a group (their own files are left out of the full run). */
const GROUPED = Object.values(GROUPS).flat()

module.exports = { GROUPS, GROUPED, EXPECTED_SECONDS }
