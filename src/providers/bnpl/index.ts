import { defineFileConfig, ModuleProvider, Modules } from "@medusajs/framework/utils"
import { medusaRefusal } from "../../lib/medusa-version"
import BnplProviderService from "./service"

// Outside the supported Medusa versions the payment module skips this file (Medusa's own
// switch for files a store must not load): no provider, so nothing can take a payment the
// rest of the plugin could not finish. The plugin module logs why at start-up.
defineFileConfig({ isDisabled: () => medusaRefusal() !== undefined })

export default ModuleProvider(Modules.PAYMENT, {
  services: [BnplProviderService],
})
