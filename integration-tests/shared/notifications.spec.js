// The HTTP suites of group "notifications" (integration-tests/runner/groups.js) in one Medusa app.
require("../runner/shared-app").runSuitesInOneApp("notifications")
