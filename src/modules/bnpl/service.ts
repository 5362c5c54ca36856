import { MedusaService } from "@medusajs/framework/utils"
import BnplSettings from "./models/settings"

class BnplModuleService extends MedusaService({
  BnplSettings,
}) {}

export default BnplModuleService
