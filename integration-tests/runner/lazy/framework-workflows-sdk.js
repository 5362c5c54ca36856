"use strict"
// @medusajs/framework/workflows-sdk, lazy (./index.js says why).
module.exports = require("./index").lazyExports("@medusajs/framework/workflows-sdk")
