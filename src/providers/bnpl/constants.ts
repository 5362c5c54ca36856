/** Minutes a created payment stays payable on the hosted page (`expires_after`). */
export const PAYMENT_EXPIRY_MINUTES = 60

/**
 * Service states of a payment the customer submitted that the service is still reviewing:
 * cart completion places the order awaiting payment (`pending_authorization`) instead of
 * sending the customer to pay a second time.
 */
export const REVIEW_STATES: readonly string[] = ["scored_maybe", "scored_yes"]

/**
 * Service calls made while a notification waits for its answer: one short attempt, no retry
 * (the service notifies again on a non-2xx answer).
 */
export const NOTIFICATION_CALL = { timeoutMs: 3_000, retries: 0 }

/** Authorizing runs inside cart completion's lock: bounded; the notification completes the cart otherwise. */
export const AUTHORIZE_CALL = { timeoutMs: 5_000, retries: 1 }

/** Background settling (the job, a cancelled order, an order awaiting the service): one short attempt per run. */
export const BACKGROUND_CALL = { timeoutMs: 5_000, retries: 0 }
