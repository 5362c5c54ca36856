/** Minutes a created payment stays payable on the hosted page (`expires_after`). */
export const PAYMENT_EXPIRY_MINUTES = 60

/**
 * Service states of a payment the customer submitted that the service is still reviewing:
 * cart completion places the order awaiting payment (`pending_authorization`) instead of
 * sending the customer to pay a second time.
 */
export const REVIEW_STATES: readonly string[] = ["scored_maybe", "scored_yes"]
