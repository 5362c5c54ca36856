'use strict'

// The install test's canary of the next Medusa: `--medusa latest` / `next` resolved from the
// registry's dist-tags, what each version is for the test, and the canary's one line.
const { resolveTag, kindOf, latestPastTested, resolveMedusaVersions } = require('../install-test/registry')
const { canaryReport, minorOf } = require('../install-test/untested')

const REGISTRY = {
  tags: { latest: '2.21.2' },
  versions: ['2.20.1', '2.21.0-preview-20260911072753', '2.21.0', '2.21.2', '2.22.0-snapshot-20260911212358', '2.22.0-snapshot-20260901000000'],
}

describe('install test: --medusa latest and next', () => {
  it('latest is the dist-tag; next the next tag, else the newest prerelease above latest, else latest', () => {
    expect(resolveTag('latest', REGISTRY).version).toBe('2.21.2')
    expect(resolveTag('next', REGISTRY).version).toBe('2.22.0-snapshot-20260911212358')
    expect(resolveTag('next', { ...REGISTRY, tags: { latest: '2.21.2', next: '2.23.0-rc.1' } }).version).toBe('2.23.0-rc.1')
    // A stale next tag (below latest) is not the next Medusa.
    expect(resolveTag('next', { ...REGISTRY, tags: { latest: '2.21.2', next: '2.21.0-preview-20260911072753' } }).version).toBe('2.22.0-snapshot-20260911212358')
    expect(resolveTag('next', { tags: { latest: '2.22.0' }, versions: REGISTRY.versions }).version).toBe('2.22.0')
  })

  it('sorts versions as the plugin does: tested, untested (the canary), outside (the refusal)', () => {
    expect(['2.21.0', '2.21.2'].map(kindOf)).toEqual(['tested', 'tested'])
    expect(['2.22.0', '2.22.0-snapshot-20260911212358', '2.31.4'].map(kindOf)).toEqual(['untested', 'untested', 'untested'])
    expect(['2.20.1', '2.21.0-preview-20260911072753', '3.0.0', 'nonsense'].map(kindOf)).toEqual(['outside', 'outside', 'outside', 'outside'])
  })

  it('resolves the tags once, prints them, and runs a version already listed once (latest = 2.21.2 costs nothing)', () => {
    const said = []
    let reads = 0
    const read = () => (reads++, REGISTRY)
    const resolved = resolveMedusaVersions(['2.21.0', '2.21.2', '2.20.1', 'latest', 'next'], (line) => said.push(line), read)
    expect(reads).toBe(1)
    expect(resolved.versions).toEqual(['2.21.0', '2.21.2', '2.20.1', '2.22.0-snapshot-20260911212358'])
    expect(resolved.canaries).toEqual(['2.22.0-snapshot-20260911212358'])
    expect(resolved.latest).toBe('2.21.2')
    expect(said[0]).toMatch(/^--medusa latest: @medusajs\/medusa@2\.21\.2 .*already in this run/)
    expect(said[1]).toMatch(/^--medusa next: @medusajs\/medusa@2\.22\.0-snapshot-20260911212358 \(no next dist-tag/)
    expect(() => resolveMedusaVersions(['newest'], () => undefined, read)).toThrow(/neither a version nor one of latest, next/)
  })

  it('fails CI when latest is past the tested range, saying what to do', () => {
    expect(latestPastTested('2.21.2')).toBeUndefined()
    expect(latestPastTested('2.22.0-rc.1')).toBeUndefined()
    const sentence = latestPastTested('2.22.0')
    expect(sentence).toContain("The registry's latest @medusajs/medusa is 2.22.0, past the releases medusa-plugin-bnpl is tested with")
    expect(sentence).toContain('bump testedMedusa in package.json')
    expect(sentence).toContain('pin')
  })

  it("says the canary's steps in one line, and the first failure as it was", () => {
    expect(minorOf('2.22.0-snapshot-20260911212358')).toBe('2.22')
    const ok = (name, detail = '') => ({ name, ok: true, detail })
    const steps = [
      ok('the store moved to the untested Medusa 2.22.0 (medusa-bnpl-upgrade\'s edits), npm install'),
      ok('npm install medusa-plugin-bnpl (the tarball) into the store on Medusa 2.22.0', '30 s (refused with ERESOLVE; forced with --legacy-peer-deps as npm advises)'),
      ok('npx medusa start (production) answers /health'),
      ok('BNPL_ALLOW_UNTESTED_MEDUSA=2.22 npx medusa start (production) answers /health (restarted)'),
    ]
    const order = 'an order paid in 3 instalments, fulfilled: its shipping_info reaches the service'
    expect(canaryReport({ medusaVersion: '2.22.0' }, [...steps, ok(order)])).toBe(
      'Canary Medusa 2.22.0: Medusa installs yes, plugin installs yes (npm refused the prerelease peer: forced), starts yes, order yes, shipping_info yes'
    )
    const failed = canaryReport({ medusaVersion: '2.22.0' }, [...steps, { name: order, ok: false, detail: 'timed out waiting for shipping_info of order order_1 sent to the service' }])
    expect(failed).toMatch(/order yes, shipping_info NO; failed: an order paid .*: timed out waiting for shipping_info of order order_1/)
    expect(canaryReport({ medusaVersion: '2.22.0' }, [steps[0], { name: steps[1].name, ok: false, detail: 'ERESOLVE' }])).toMatch(
      /Medusa installs yes, plugin installs NO, starts not reached, order not reached, shipping_info not reached; failed: npm install .*: ERESOLVE$/
    )
    // The dtc-starter's store: pnpm's add, which warns of the prerelease peer and installs.
    const pnpm = [ok("the store moved to the untested Medusa 2.22.0 (medusa-bnpl-upgrade's edits), pnpm install"), ok('npx --yes pnpm@10.11.1 add medusa-plugin-bnpl (the tarball) into the store on Medusa 2.22.0', '40 s'), ...steps.slice(2)]
    expect(canaryReport({ medusaVersion: '2.22.0' }, [...pnpm, ok(order)])).toBe('Canary Medusa 2.22.0: Medusa installs yes, plugin installs yes, starts yes, order yes, shipping_info yes')
    // Today's 2.22.0 snapshot: not every @medusajs package was published at it.
    expect(canaryReport({ medusaVersion: '2.22.0' }, [{ name: steps[0].name, ok: false, detail: 'failed\nnpm error code ETARGET\nnpm error notarget No matching version found for @medusajs/admin-sdk@2.22.0' }])).toMatch(
      /: Medusa installs NO, plugin installs not reached, .*; failed: the store moved .*ETARGET \| npm error notarget No matching version found for @medusajs\/admin-sdk@2\.22\.0$/
    )
  })
})
