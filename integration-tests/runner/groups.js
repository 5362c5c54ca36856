// The HTTP suites that share one app in `npm test`'s full run (shared-app.js), by group. A
// group is one jest file (integration-tests/shared/<group>.spec.js): one boot instead of one
// per suite. Groups are sized to take about as long each (the suites' test times in the last
// runs), so that two workers finish together with faults.spec.ts and the suites that keep an
// app of their own: those whose env differs (health, rbac, admin-settings, key-binding,
// account-plans-v2) and faults.spec.ts (the longest; alone it balances the groups).
// `npm test -- <suite file>` still runs a suite in an app of its own.

const GROUPS = {
  checkout: ["storefront", "exclusions", "eligibility-resilience", "customer-language", "account-plans", "checkout"],
  money: ["money", "shipping-info", "session-details", "modes", "secrets"],
  notifications: ["storefront-urls", "shipping-sync", "notifications", "plan-bounds"],
  "after-order": ["order-timeline", "notification-tokens", "after-order", "payments", "pay-at-shipment", "retention"],
}

/** Every suite that runs in a group (their own files are left out of the full run). */
const GROUPED = Object.values(GROUPS).flat()

module.exports = { GROUPS, GROUPED }
