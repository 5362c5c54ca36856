'use strict'

/** Reading request bodies and writing answers (JSON, raw text or HTML) on node:http. */

const MAX_BODY_BYTES = 1024 * 1024

/**
 * @param {import('node:http').ServerResponse} res
 * @param {{status?: number, json?: any, raw?: string, html?: string, headers?: Record<string, string>}} answer
 */
function send(res, { status = 200, json, raw, html, headers = {} }) {
  const text = html ?? raw ?? JSON.stringify(json)
  const type = html != null ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8'
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

/** The body as UTF-8 text; rejects past 1 MB. @param {import('node:http').IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) reject(new Error('too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

module.exports = { send, readBody }
