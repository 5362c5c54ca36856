'use strict'

/**
 * What the started store loaded, read from its log (install test): the plugin's subscribers,
 * jobs, workflows and routes registered from the installed package (the build output's own
 * node_modules, which `medusa start` loads), and nothing from this repository's src/.
 */

const fs = require('node:fs')
const path = require('node:path')
const { ROOT, PLUGIN_NAME } = require('./plugin')
const { check, assert } = require('./checks')
const { readMedusaLog } = require('./commands')

/** The installed package `medusa start` loads: the build output's own node_modules. */
const livePluginDir = (store) => path.join(store.serverDir, 'node_modules', PLUGIN_NAME)

/** The .js files under `dir`, recursively ([] when it does not exist). */
function jsFiles(/** @type {string} */ dir) {
  /** @type {string[]} */
  const found = []
  const walk = (/** @type {string} */ d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name))
      else if (e.name.endsWith('.js')) found.push(path.join(d, e.name))
    }
  }
  if (fs.existsSync(dir)) walk(dir)
  return found
}

/** Route files whose route the log does not say it registered ("registering route <METHOD> /path", [param] → :param). */
function unregisteredRoutes(srcDir, messages) {
  const routes = jsFiles(path.join(srcDir, 'api')).filter((file) => path.basename(file) === 'route.js')
  const problems = []
  for (const file of routes) {
    const routePath = '/' + path.relative(path.join(srcDir, 'api'), path.dirname(file)).split(path.sep).map((s) => s.replace(/^\[(.+)\]$/, ':$1')).join('/')
    if (![...messages].some((m) => new RegExp(`^registering route [A-Z]+ ${routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).test(m)))
      problems.push(`route ${routePath} (${path.relative(srcDir, file)}) not registered`)
  }
  return { routes, problems }
}

/** Each subscriber, job, workflow and route file of the installed package in the server log; no warning about the plugin. */
function registeredFromPackage(store) {
  const { serverLogFile } = store
  return check('subscribers, jobs, workflows and routes registered from the installed package', async () => {
    const log = readMedusaLog(serverLogFile)
    const messages = new Set(log.map((l) => l.message.trim()))
    const srcDir = path.join(livePluginDir(store), '.medusa', 'server', 'src')
    const problems = []
    const expectMessage = (/** @type {string} */ message) => {
      if (!messages.has(message)) problems.push(`server log lacks "${message}"`)
    }
    const subscribers = jsFiles(path.join(srcDir, 'subscribers'))
    const jobs = jsFiles(path.join(srcDir, 'jobs'))
    const workflows = jsFiles(path.join(srcDir, 'workflows'))
    assert(subscribers.length && jobs.length, `the installed package has no subscribers or no jobs under ${srcDir}`)
    for (const file of subscribers) expectMessage(`Registering subscribers from ${file}.`)
    for (const file of jobs) expectMessage(`Registering job from ${file}.`)
    for (const file of workflows) expectMessage(`Registering workflows from ${file}.`)
    const jobNames = jobs.map((file) => (fs.readFileSync(file, 'utf8').match(/name:\s*"([^"]+)"/) || [])[1]).filter(Boolean)
    const routes = unregisteredRoutes(srcDir, messages)
    problems.push(...routes.problems)
    const warnings = log.filter((l) => (l.level === 'warn' || l.level === 'error') && (l.message.includes(livePluginDir(store)) || /bnpl/i.test(l.message)))
    problems.push(...warnings.map((w) => `server ${w.level}: ${w.message}`))
    assert(!problems.length, `${problems.join('\n')}\n(see ${serverLogFile})`)
    return `${subscribers.length} subscriber(s), ${jobs.length} job(s) (${jobNames.join(', ')}), ${workflows.length} workflow file(s), ${routes.routes.length} route files`
  })
}

/** No command's log names this repository's src/; every plugin resource registered from the installed package. */
function nothingFromThisRepository(store) {
  const { tmp, serverLogFile } = store
  return check("nothing was loaded from this repository's src/", async () => {
    const logs = fs.readdirSync(path.join(tmp, 'logs')).filter((f) => f !== 'plugin-build.log' && f !== 'pack.log')
    const sources = [path.join(ROOT, 'src'), path.join(fs.realpathSync(ROOT), 'src')]
    const hits = logs.filter((f) => {
      const text = fs.readFileSync(path.join(tmp, 'logs', f), 'utf8')
      return sources.some((s) => text.includes(s + path.sep) || text.includes(s + '"'))
    })
    assert(!hits.length, `logs mentioning ${sources[0]}: ${hits.join(', ')}`)
    const registered = readMedusaLog(serverLogFile).map((l) => l.message).filter((m) => m.includes(PLUGIN_NAME) && /^Registering /.test(m))
    const outside = registered.filter((l) => !l.includes(livePluginDir(store)))
    assert(!outside.length, `plugin resources loaded from elsewhere:\n${outside.join('\n')}`)
    return `${registered.length} plugin resources, all under ${path.relative(tmp, livePluginDir(store))}`
  })
}

module.exports = { registeredFromPackage, nothingFromThisRepository }
