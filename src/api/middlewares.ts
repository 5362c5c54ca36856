import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { BNPL_ROUTE_POLICIES } from "../policies/bnpl"
import { AdminUpdateBnplSettings, AdminVerifyBnplSettings } from "./admin/bnpl/settings/validators"
import { AdminNotificationTokenBody } from "./admin/bnpl/settings/notification-token/validators"
import { emptyBodyAsObject, withPolicies } from "./route-config"
import { keepTokenOutOfRequestLog } from "./hooks/bnpl/notification/middlewares"
import { attachCheckoutSnapshot, checkStorefrontUrls } from "./store/payment-collections/middlewares"
import { StoreEligibilityQuery } from "./store/bnpl/eligibility/validators"
import { StorePaymentOutcomeQuery } from "./store/bnpl/payment-outcome/validators"
import { AdminReconciliationAction, AdminReconciliationQuery } from "./admin/bnpl/reconciliation/validators"
import { AdminSendPaymentLink } from "./admin/bnpl/orders/[id]/payment-links/validators"

/** The matcher table: every route's validation, policies and the middlewares before Medusa's own routes. */
export default defineMiddlewares({
  routes: [
    {
      matcher: "/hooks/bnpl/notification",
      method: ["GET", "POST"],
      middlewares: [keepTokenOutOfRequestLog],
    },
    {
      matcher: "/store/bnpl/eligibility",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StoreEligibilityQuery, {})],
    },
    {
      matcher: "/store/bnpl/payment-outcome",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StorePaymentOutcomeQuery, {})],
    },
    withPolicies(BNPL_ROUTE_POLICIES.readSettings, {
      matcher: "/admin/bnpl/settings",
      method: ["GET"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateSettings, {
      matcher: "/admin/bnpl/settings",
      method: ["POST"],
      middlewares: [emptyBodyAsObject, validateAndTransformBody(AdminUpdateBnplSettings)],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateSettings, {
      matcher: "/admin/bnpl/settings/verify",
      method: ["POST"],
      middlewares: [emptyBodyAsObject, validateAndTransformBody(AdminVerifyBnplSettings)],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateSettings, {
      matcher: "/admin/bnpl/settings/notification-token/rotate",
      method: ["POST"],
      middlewares: [emptyBodyAsObject, validateAndTransformBody(AdminNotificationTokenBody)],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateSettings, {
      matcher: "/admin/bnpl/settings/notification-token/revoke",
      method: ["POST"],
      middlewares: [emptyBodyAsObject, validateAndTransformBody(AdminNotificationTokenBody)],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.readSettings, {
      matcher: "/admin/bnpl/shipping-options",
      method: ["GET"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.readOrder, {
      matcher: "/admin/bnpl/orders/:id",
      method: ["GET"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateOrder, {
      matcher: "/admin/bnpl/orders/:id/shipping-sync",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateOrder, {
      matcher: "/admin/bnpl/orders/:id/messages/:message_id/push",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateOrder, {
      matcher: "/admin/bnpl/orders/:id/events/push",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateOrder, {
      matcher: "/admin/bnpl/orders/:id/start-payment",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.readOrder, {
      matcher: "/admin/bnpl/orders/:id/payment-links",
      method: ["GET"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateOrder, {
      matcher: "/admin/bnpl/orders/:id/payment-links",
      method: ["POST"],
      middlewares: [emptyBodyAsObject, validateAndTransformBody(AdminSendPaymentLink)],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updateOrder, {
      matcher: "/admin/bnpl/orders/:id/payment-links/:collection_id/cancel",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.readPayments, {
      matcher: "/admin/bnpl/orders-to-ship",
      method: ["GET"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.readPayments, {
      matcher: "/admin/bnpl/payments",
      method: ["GET"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updatePayments, {
      matcher: "/admin/bnpl/payments/:id/settle",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.readPayments, {
      matcher: "/admin/bnpl/reconciliation",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminReconciliationQuery, {})],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updatePayments, {
      matcher: "/admin/bnpl/reconciliation/run",
      method: ["POST"],
    }),
    withPolicies(BNPL_ROUTE_POLICIES.updatePayments, {
      matcher: "/admin/bnpl/reconciliation/:pid/actions",
      method: ["POST"],
      middlewares: [emptyBodyAsObject, validateAndTransformBody(AdminReconciliationAction)],
    }),
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [checkStorefrontUrls, attachCheckoutSnapshot],
    },
  ],
})
