'use strict'

/** The service's error answers: an HttpError carries the status and the JSON body to send. */

class HttpError extends Error {
  /** @param {number} status @param {any} body */
  constructor(status, body) {
    super(body.message || body.error_code)
    this.status = status
    this.body = body
  }
}

/** @param {string} field @param {string} error_code @param {string} message @param {any} [value] */
const fieldError = (field, error_code, message, value) => ({ field, error_code, ...(value !== undefined ? { value } : {}), message })
/** @param {object[]} errors */
const validationError = (errors) => new HttpError(400, { error_code: 'validation_error', errors })
/** @param {string} message */
const notFound = (message) => new HttpError(404, { error_code: 'not_found', message })
const notActivated = () =>
  new HttpError(400, {
    error_code: 'merchant_cant_create_payments',
    errors: [{ field: 'merchant', error_code: 'merchant_cant_create_payments', message: 'This merchant account is not activated yet' }],
  })
/** The 400 of a body that is not a JSON object. */
const bodyNotObject = () => validationError([fieldError('body', 'invalid_value', 'The request body must be a JSON object')])

module.exports = { HttpError, fieldError, validationError, notFound, notActivated, bodyNotObject }
