import { Module } from "@medusajs/framework/utils"
import checkProviderId from "./loaders/check-provider-id"
import startUpNotices from "./loaders/start-up-notices"
import BnplModuleService from "./service"
import { BNPL_MODULE } from "./module-name"

export { BNPL_MODULE }

export default Module(BNPL_MODULE, {
  service: BnplModuleService,
  loaders: [checkProviderId, startUpNotices],
})
