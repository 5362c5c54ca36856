import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import BnplProviderService from "./service"

// Registered on every Medusa version: payments already taken must always be captured, refunded,
// cancelled and notified. Outside the tested versions only new payments are refused, in
// `initiatePayment` and eligibility (lib/infrastructure/medusa-version.ts; docs/decisions.md, "Medusa versions").
export default ModuleProvider(Modules.PAYMENT, {
  services: [BnplProviderService],
})
