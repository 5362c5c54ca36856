"use strict"
// @medusajs/framework/utils, lazy (./index.js says why).
module.exports = require("./index").lazyExports("@medusajs/framework/utils")
