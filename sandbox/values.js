'use strict'

/** Small value helpers shared by the sandbox's modules. */

const crypto = require('node:crypto')

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** @param {any} v @returns {v is Record<string, any>} */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)

/** @param {any} v */
const isHttpUrl = (v) => {
  try {
    return typeof v === 'string' && ['http:', 'https:'].includes(new URL(v).protocol)
  } catch {
    return false
  }
}

/** The service's ids: a prefix and 24 random letters or digits. @param {string} prefix */
const randomId = (prefix) => prefix + Array.from({ length: 24 }, () => ALPHANUMERIC[crypto.randomInt(62)]).join('')

/** `base` with `pid=<payment id>` added, as the service sends the customer and the IPN back. @param {string} base @param {string} pid */
const withPid = (base, pid) => {
  const url = new URL(base)
  url.searchParams.set('pid', pid)
  return url.toString()
}

module.exports = { isObject, isHttpUrl, randomId, withPid }
