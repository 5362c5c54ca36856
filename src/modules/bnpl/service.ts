import { MedusaService } from "@medusajs/framework/utils"
import { resolveOptions, validateOptions, type BnplOptions, type ResolvedOptions } from "../../utils/options"
import BnplCartEligibility from "./models/cart-eligibility"
import BnplSettings from "./models/settings"
import BnplShippingSync from "./models/shipping-sync"

type InjectedDependencies = Record<string, unknown>

/** The plugin's own data (settings) and its resolved configuration. */
class BnplModuleService extends MedusaService({
  BnplSettings,
  BnplCartEligibility,
  BnplShippingSync,
}) {
  protected readonly pluginOptions: BnplOptions

  constructor(container: InjectedDependencies, options: BnplOptions = {}) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    validateOptions(options)
    this.pluginOptions = options
  }

  /** Plugin options over env. */
  async getOptions(): Promise<ResolvedOptions> {
    return resolveOptions(this.pluginOptions)
  }
}

export default BnplModuleService
