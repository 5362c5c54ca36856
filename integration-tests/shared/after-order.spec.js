// The HTTP suites of group "after-order" (integration-tests/runner/groups.js) in one Medusa app.
require("../runner/shared-app").runSuitesInOneApp("after-order")
