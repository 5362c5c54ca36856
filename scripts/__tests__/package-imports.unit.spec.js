'use strict'

/**
 * The built plugin (server code and admin bundle) imports only Node built-ins and packages its
 * package.json declares. Builds the plugin first when `.medusa/server` is missing (CI's fresh
 * checkout); a stale build is rebuilt with `npx medusa plugin:build`.
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { checkPackageImports } = require('../lib/package-imports')

const ROOT = path.resolve(__dirname, '..', '..')
const BUILT = path.join(ROOT, '.medusa', 'server', 'src')

jest.setTimeout(600_000)

beforeAll(() => {
  if (fs.existsSync(path.join(BUILT, 'admin', 'index.mjs'))) return
  const build = spawnSync('npx', ['medusa', 'plugin:build'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: undefined } })
  if (build.status !== 0) throw new Error(`npx medusa plugin:build failed:\n${build.stdout}\n${build.stderr}`)
})

describe('the built plugin', () => {
  it('imports only declared packages, from the server code and the admin bundle', () => {
    const { problems, modules, files } = checkPackageImports(ROOT)
    expect(files).toBeGreaterThan(50)
    // The admin bundle's own packages are among those read (the check sees the bundle).
    expect(modules).toEqual(expect.arrayContaining(['@hookform/resolvers', 'react-hook-form', '@medusajs/framework', 'axios']))
    expect(problems).toEqual([])
  })

  it('reports an undeclared import and a relative import that points nowhere', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bnpl-imports-'))
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', dependencies: { axios: '1' }, devDependencies: { zod: '4' } }))
      fs.mkdirSync(path.join(dir, '.medusa', 'server', 'src', 'admin'), { recursive: true })
      fs.writeFileSync(
        path.join(dir, '.medusa', 'server', 'src', 'admin', 'index.mjs'),
        'import { z } from "zod"\nimport axios from "axios"\nimport fs from "node:fs"\nimport "./missing.js"\n' +
          'import {\n  a,\n  b as c,\n} from "lodash"\nimport{d as e}from"yup"\n'
      )
      // A migration's SQL names tables after `from`: not imports.
      fs.writeFileSync(
        path.join(dir, '.medusa', 'server', 'src', 'migration.js'),
        'exports.M = class { up() { this.addSql(`insert into "a" select "id" from "bnpl_service_message" where 1`) } }\n'
      )
      expect(checkPackageImports(dir).problems).toEqual([
        '.medusa/server/src/admin/index.mjs: imports "zod", which is neither a dependency nor a peer dependency of p',
        '.medusa/server/src/admin/index.mjs: ./missing.js is not in the package',
        '.medusa/server/src/admin/index.mjs: imports "lodash", which is neither a dependency nor a peer dependency of p',
        '.medusa/server/src/admin/index.mjs: imports "yup", which is neither a dependency nor a peer dependency of p',
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
