"use strict"
// @medusajs/medusa/core-flows, lazy (./index.js says why).
module.exports = require("./index").lazyExports("@medusajs/medusa/core-flows")
