import { Module } from "@medusajs/framework/utils"
import checkProviderId from "./loaders/check-provider-id"
import startUpNotices from "./loaders/start-up-notices"
import BnplModuleService from "./service"

export const BNPL_MODULE = "bnpl"

export default Module(BNPL_MODULE, {
  service: BnplModuleService,
  loaders: [checkProviderId, startUpNotices],
})
