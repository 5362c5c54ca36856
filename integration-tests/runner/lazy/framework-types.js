"use strict"
// @medusajs/framework/types, lazy (./index.js says why).
module.exports = require("./index").lazyExports("@medusajs/framework/types")
