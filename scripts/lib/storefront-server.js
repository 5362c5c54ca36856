'use strict'

/**
 * The demo storefront (demo-storefront/, Vite + React + the kit): built once with Vite when
 * its sources changed (a few seconds, no network), then served as static files by a small
 * HTTP server with `/config.json` (the backend URL and publishable key, so the bundle holds
 * no key) and index.html for every other path (the app routes on the client).
 */

const fs = require('node:fs')
const http = require('node:http')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')
const DEMO_DIR = path.join(ROOT, 'demo-storefront')
const DIST = path.join(DEMO_DIR, 'dist')
const SOURCES = [path.join(DEMO_DIR, 'src'), path.join(DEMO_DIR, 'index.html'), path.join(DEMO_DIR, 'vite.config.mjs'), path.join(ROOT, 'storefront', 'src'), path.join(ROOT, 'storefront', 'styles.css')]

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.ico': 'image/x-icon' }

/** Newest modification time under the given files and folders (tests excluded). */
function newest(paths) {
  let latest = 0
  const visit = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== '__tests__') visit(path.join(p, entry))
    } else latest = Math.max(latest, stat.mtimeMs)
  }
  paths.forEach(visit)
  return latest
}

/** Builds demo-storefront/dist unless it is newer than every source. Resolves the seconds spent (0: up to date). */
async function buildStorefront({ force = false } = {}) {
  const built = fs.statSync(path.join(DIST, 'index.html'), { throwIfNoEntry: false })
  if (!force && built && built.mtimeMs >= newest(SOURCES)) return 0
  const started = Date.now()
  const { build } = await import('vite')
  await build({ configFile: path.join(DEMO_DIR, 'vite.config.mjs'), logLevel: 'warn' })
  return (Date.now() - started) / 1000
}

/**
 * Serves the built storefront on `port` (all interfaces, like `medusa develop`). `config` is
 * what /config.json answers: `{backend_url, publishable_key, region_id}`.
 */
function serveStorefront({ port, config, host }) {
  const index = fs.readFileSync(path.join(DIST, 'index.html'))
  const server = http.createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://localhost')
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-store' })
      return res.end(JSON.stringify(config))
    }
    const file = path.join(DIST, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''))
    if (file.startsWith(DIST + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
        // Vite names assets by content hash: they never change under the same name.
        'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      return fs.createReadStream(file).pipe(res)
    }
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' })
    res.end(index)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () =>
      resolve({
        url: `http://localhost:${server.address().port}`,
        close: () => new Promise((r) => server.close(() => r())),
      })
    )
  })
}

module.exports = { buildStorefront, serveStorefront, STOREFRONT_DIST: DIST }
