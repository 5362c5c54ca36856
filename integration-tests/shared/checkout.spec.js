// The HTTP suites of group "checkout" (integration-tests/runner/groups.js) in one Medusa app.
require("../runner/shared-app").runSuitesInOneApp("checkout")
