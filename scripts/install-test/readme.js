'use strict'

/**
 * README "Install in your store" as the install test reads it: its step-2 `ts` snippet (pasted
 * into the store's config), step 4's projectConfig lines, its `.env` lines and every shell
 * command of its `bash` snippets, each one a command this test performs (checked first: README
 * drift fails the run before anything is built).
 */

const fs = require('node:fs')
const path = require('node:path')
const { ROOT, PLUGIN_NAME } = require('./plugin')
const { check, assert } = require('./checks')

/** README's commands for a merchant's encryption key and for starting a built store (run as written). */
const ENCRYPTION_KEY_COMMAND = 'echo "BNPL_ENCRYPTION_KEY=$(openssl rand -hex 32)" >> .env'
const SERVER_INSTALL_COMMAND = 'cd .medusa/server && npm install && cp ../../.env .env'
/** Every command of README's install section; the test performs each (the tarball stands for `npm install medusa-plugin-bnpl`). */
/** README's upgrade (run in every store first: the starters are below the range). */
const UPGRADE_COMMAND = `npx --yes --legacy-peer-deps --package=${PLUGIN_NAME} medusa-bnpl-upgrade --install`
/**
 * README step 1's line for a pnpm store (inline, beside npm's): what the install test runs in the
 * dtc-starter's backend (pnpm from the npm registry at its packageManager's version).
 */
const PNPM_ADD_COMMAND = `pnpm add ${PLUGIN_NAME}`
const REQUIRED_COMMANDS = [UPGRADE_COMMAND, `npm install ${PLUGIN_NAME}`, ENCRYPTION_KEY_COMMAND, 'npx medusa db:migrate', 'npx medusa build', SERVER_INSTALL_COMMAND, 'npx medusa start']

/** The section's fenced blocks: `{lang, code}`, their indentation removed. */
function fencedBlocks(/** @type {string} */ section) {
  return [...section.matchAll(/^([ \t]*)```(\w*)\n([\s\S]*?)^\1```/gm)].map((m) => ({
    lang: m[2],
    code: m[3]
      .split('\n')
      .map((line) => (line.startsWith(m[1]) ? line.slice(m[1].length) : line))
      .join('\n'),
  }))
}

/**
 * README "Install in your store": its step-2 `ts` snippet (pasted into the store's config) and
 * every shell command of its `bash` snippets (each must be one this test performs).
 */
function readInstallSection() {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf('\n## Install in your store')
  assert(start >= 0, 'README.md has no "## Install in your store" section')
  const rest = readme.slice(start + 1)
  const end = rest.indexOf('\n## ', 3)
  const text = end >= 0 ? rest.slice(0, end) : rest
  const blocks = fencedBlocks(text)
  const snippets = blocks.filter((b) => b.lang === 'ts' || b.lang === 'typescript')
  const configs = snippets.filter((b) => b.code.includes('defineConfig('))
  assert(configs.length === 1, `README "Install in your store" should have exactly one ts snippet with defineConfig( (the medusa-config.ts of step 2), found ${configs.length}`)
  // Lines README adds to the store's projectConfig (step 4's cookieOptions).
  const projectConfigLines = snippets.filter((b) => !b.code.includes('defineConfig(')).flatMap((b) => b.code.split('\n')).map((l) => l.trim()).filter(Boolean)
  const commands = blocks
    .filter((b) => b.lang === 'bash' || b.lang === 'sh' || b.lang === 'shell')
    .flatMap((b) => b.code.split('\n'))
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean)
  // The store's .env lines (```dotenv): comments and blank lines dropped.
  const env = blocks
    .filter((b) => b.lang === 'dotenv' || b.lang === 'env')
    .flatMap((b) => b.code.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'))
  return { config: configs[0].code, projectConfigLines, commands, env, text }
}

/** What the store's medusa-config.ts gets at the template's marker: README step 2, its `// ...` the starter's. */
function storeConfig(/** @type {string} */ readmeConfig) {
  const lines = readmeConfig.split('\n')
  const placeholder = lines.findIndex((line) => line.trim() === '// ...')
  assert(placeholder >= 0, 'README step 2 snippet: expected a `// ...` line inside defineConfig({...}) standing for the store\'s existing config')
  assert(/defineConfig\(\{/.test(readmeConfig), 'README step 2 snippet: expected `defineConfig({`')
  lines[placeholder] = lines[placeholder].replace('// ...', '...starter,')
  return lines.join('\n')
}

/** The check: README's install section is what this test does; resolves what the store gets from it. */
function readmeIsWhatThisTestDoes() {
  return check('README "Install in your store" is what this test does', async () => {
    const section = readInstallSection()
    // Each README command and what this test does for it (the tarball stands for the registry).
    const missing = REQUIRED_COMMANDS.filter((c) => !section.commands.includes(c))
    assert(!missing.length, `README install section no longer says: ${missing.join(' | ')}`)
    const unknown = section.commands.filter((c) => !REQUIRED_COMMANDS.includes(c))
    assert(!unknown.length, `README install commands this test does not perform: ${unknown.join(' | ')} (add them to scripts/install-test/readme.js)`)
    assert(section.text.includes(`\`${PNPM_ADD_COMMAND}\``), `README install section no longer says \`${PNPM_ADD_COMMAND}\` (what the dtc-starter's pnpm store runs)`)
    const config = storeConfig(section.config)
    for (const needle of [`resolve: "${PLUGIN_NAME}"`, `resolve: "${PLUGIN_NAME}/providers/bnpl"`, 'id: "bnpl"', '"@medusajs/medusa/payment"'])
      assert(section.config.includes(needle), `README step 2 snippet no longer contains ${needle}`)
    assert(section.env.length > 0, 'README install section has no .env snippet (a ```dotenv block)')
    for (const name of ['BNPL_API_URL_TEST', 'MEDUSA_BACKEND_URL', 'COOKIE_SECURE'])
      assert(section.env.some((line) => line.startsWith(`${name}=`)), `README's .env snippet no longer sets ${name}`)
    assert(section.projectConfigLines.some((l) => l.startsWith('cookieOptions:')), 'README step 4 no longer gives the cookieOptions line for logging in over http')
    return { config, projectConfigLines: section.projectConfigLines, env: section.env, commands: section.commands, detail: `step 2 config pasted verbatim, step 4's ${section.projectConfigLines.join(' ')}; commands: ${section.commands.join(', ')}` }
  })
}

module.exports = { PNPM_ADD_COMMAND, ENCRYPTION_KEY_COMMAND, SERVER_INSTALL_COMMAND, UPGRADE_COMMAND, REQUIRED_COMMANDS, readmeIsWhatThisTestDoes }
