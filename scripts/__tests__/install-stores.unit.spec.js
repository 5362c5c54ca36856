'use strict'

// The install test's stores: each starter's package manager (the dtc-starter a pnpm workspace,
// pnpm at its packageManager's version from the npm registry), and `--ui`'s choice of stores.
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { STARTERS, packageManagerOf, parseUiOption } = require('../install-test/starters')

describe('install test: the stores', () => {
  it("installs medusa-starter-default with npm, the dtc-starter with its workspace's pnpm", () => {
    expect(packageManagerOf('medusa-starter-default')).toEqual({ name: 'npm', version: undefined, command: ['npm'] })
    expect(fs.existsSync(STARTERS['dtc-starter'].workspace.archive)).toBe(true)
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bnpl-pm-'))
    try {
      fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ packageManager: 'pnpm@10.11.1' }))
      expect(packageManagerOf('dtc-starter', root)).toEqual({ name: 'pnpm', version: '10.11.1', command: ['npx', '--yes', 'pnpm@10.11.1'] })
      fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({}))
      expect(() => packageManagerOf('dtc-starter', root)).toThrow(/expected pnpm@<version>/)
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('moves @medusajs/ui in the stores --ui names', () => {
    expect(parseUiOption(undefined)).toBeUndefined()
    const every = parseUiOption('4.2.8')
    expect(every.version).toBe('4.2.8')
    expect(every.matches('dtc-starter', '2.21.0') && every.matches('medusa-starter-default', '2.21.2')).toBe(true)
    const one = parseUiOption('4.2.8:dtc-starter@2.21.2')
    expect([one.matches('dtc-starter', '2.21.2'), one.matches('dtc-starter', '2.21.0'), one.matches('medusa-starter-default', '2.21.2')]).toEqual([true, false, false])
    const starter = parseUiOption('4.2.8:medusa-starter-default')
    expect([starter.matches('medusa-starter-default', '2.21.0'), starter.matches('dtc-starter', '2.21.0')]).toEqual([true, false])
    const version = parseUiOption('4.2.8:@2.21.0')
    expect([version.matches('dtc-starter', '2.21.0'), version.matches('dtc-starter', '2.21.2')]).toEqual([true, false])
    expect(() => parseUiOption('latest')).toThrow(/does not start with a version/)
    expect(() => parseUiOption('4.2.8:next-starter')).toThrow(/unknown starter next-starter/)
  })
})
