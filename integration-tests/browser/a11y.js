'use strict'

// The axe-core audit and the accessible-name reader live with the scripts (scripts/lib/a11y.js):
// the DTC starter's journey uses them too, and scripts import nothing from the tests.
module.exports = require('../../scripts/lib/a11y')
