// `node scripts/db-generate.js`: generate the bnpl module's migration against a throw-away embedded PostgreSQL.
'use strict'
const { startPostgres } = require('./lib/postgres')
const { execSync } = require('child_process')
;(async () => {
  const pg = await startPostgres({ dataDir: require('path').join(__dirname, '..', '.tmp', 'pg-generate'), port: 55433, persistent: false })
  await pg.ensureDatabase('gen')
  try {
    execSync('npx medusa plugin:db:generate', { stdio: 'inherit', cwd: require('path').join(__dirname, '..'), env: { ...process.env, DB_HOST: 'localhost', DB_PORT: String(pg.port), DB_USERNAME: 'postgres', DB_PASSWORD: 'postgres', DB_NAME: 'gen' } })
  } finally { await pg.stop() }
})()
