import { shippingInfoBuilt } from "./shipping-info-built"
import type { BuiltKind } from "./built-kind"

/** The kinds built at each attempt, by kind: the pipeline asks this table, never a kind by name. */
const BUILT: Record<string, BuiltKind<any>> = { shipping_info: shippingInfoBuilt }

/** The pipeline's side of a kind built at each attempt (undefined for a kind fixed when recorded). */
export const builtKindOf = (kind: string): BuiltKind | undefined => BUILT[kind]

/** The service payment the reads name, when one does. */
export const paymentOfBuilt = (built: Record<string, unknown> | undefined): string | undefined =>
  Object.entries(built ?? {})
    .map(([kind, read]) => builtKindOf(kind)?.paymentOf(read))
    .find(Boolean)
