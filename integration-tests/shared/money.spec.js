// The HTTP suites of group "money" (integration-tests/runner/groups.js) in one Medusa app.
require("../runner/shared-app").runSuitesInOneApp("money")
