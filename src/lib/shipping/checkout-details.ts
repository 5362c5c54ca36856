import { stableHash } from "../infrastructure/stable-hash"
import type { CheckoutSnapshot } from "./checkout"

/**
 * The part of a checkout the service holds with a payment that a cart edit can change without
 * changing the total: customer, addresses, items, locale and the chosen shipping. The options
 * offered are left out: listing them prices every option (the costly part of a snapshot), and
 * they only change with the address, which is in.
 */
export function checkoutDetails(snapshot: CheckoutSnapshot) {
  return {
    locale: snapshot.locale,
    customer: snapshot.customer,
    billing_address: snapshot.billing_address,
    shipping_address: snapshot.shipping_address,
    items: snapshot.items,
    selected_options: snapshot.shipping_info?.selected_options,
  }
}

/** Equal for two snapshots exactly when the service would be sent the same details. */
export function checkoutDetailsHash(snapshot: CheckoutSnapshot): string {
  return stableHash(checkoutDetails(snapshot))
}
