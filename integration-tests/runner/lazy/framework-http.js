"use strict"
// @medusajs/framework/http, lazy (./index.js says why).
module.exports = require("./index").lazyExports("@medusajs/framework/http")
