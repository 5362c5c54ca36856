'use strict'

/**
 * The import check (scripts/lib/package-imports.js) on a package made here: what it reports.
 * Its run over the real built plugin needs a build (TypeScript and the admin bundle, about 20 s):
 * integration-tests/http/built-plugin.spec.ts, in the HTTP part.
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { checkPackageImports } = require('../lib/package-imports')

describe('the import check', () => {
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
