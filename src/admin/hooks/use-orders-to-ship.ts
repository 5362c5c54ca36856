import { useQuery } from "@tanstack/react-query"
import type { OrderToShipView } from "../../lib/http-types"
import { sdk } from "../lib/sdk"

/** `GET /admin/bnpl/orders-to-ship`: pay-at-shipment orders not shipped yet, nearest deadline first. */
export const useOrdersToShip = () =>
  useQuery({
    queryKey: ["bnpl", "orders-to-ship"],
    queryFn: () => sdk.client.fetch<{ orders: OrderToShipView[] }>("/admin/bnpl/orders-to-ship"),
  })
