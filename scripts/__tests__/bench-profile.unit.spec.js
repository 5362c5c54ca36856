const { statementKind, profileOf, profileDifference } = require('../bench/statements')
const { placeOf, selfTimeByPlace, placeDifference } = require('../bench/cpu-profile')

describe('the bench profile of a line-item update', () => {
  it('names what each logged statement touches, and counts them', () => {
    const output = [
      '2026-11-25 20:31:02.120 UTC [812] LOG:  statement: BEGIN',
      '2026-11-25 20:31:02.121 UTC [812] LOG:  execute <unnamed>: select "c0".* from "cart" as "c0" where "c0"."id" = $1',
      '2026-11-25 20:31:02.121 UTC [812] DETAIL:  parameters: $1 = \'cart_1\'',
      '2026-11-25 20:31:02.122 UTC [812] LOG:  execute <unnamed>: update "bnpl_cart_eligibility" set "total" = $1',
      '2026-11-25 20:31:02.123 UTC [812] LOG:  execute <unnamed>: insert into "line_item" ("id") values ($1)',
      '2026-11-25 20:31:02.124 UTC [812] LOG:  statement: COMMIT',
    ].join('\n')
    expect(statementKind('DELETE FROM "payment_session" where id = $1')).toBe('delete payment_session')
    expect(profileOf(output)).toEqual({
      total: 5,
      kinds: { begin: 1, commit: 1, 'insert line_item': 1, 'select cart': 1, 'update bnpl_cart_eligibility': 1 },
    })
    const base = profileOf(output.split('\n').slice(0, 3).join('\n'))
    expect(profileDifference(base, profileOf(output))).toEqual({
      commit: [0, 1],
      'insert line_item': [0, 1],
      'update bnpl_cart_eligibility': [0, 1],
    })
  })

  it('sums a CPU profile\'s self time by where the code lives', () => {
    const root = '/repo'
    expect(placeOf('file:///repo/node_modules/@mikro-orm/core/index.js', 'find', root)).toBe('@mikro-orm/core')
    expect(placeOf('/repo/node_modules/knex/lib/client.js', 'query', root)).toBe('knex')
    expect(placeOf('/repo/src/workflows/hooks/cart-eligibility.ts', 'refresh', root)).toBe('plugin (src/)')
    expect(placeOf('node:internal/streams', 'read', root)).toBe('node')
    expect(placeOf('', '(garbage collector)', root)).toBe('(garbage collector)')
    const profile = {
      startTime: 0,
      endTime: 10_000,
      nodes: [
        { id: 1, callFrame: { url: '', functionName: '(idle)' } },
        { id: 2, callFrame: { url: '/repo/src/a.ts', functionName: 'a' } },
        { id: 3, callFrame: { url: '/repo/node_modules/pg/index.js', functionName: 'q' } },
      ],
      samples: [1, 2, 3, 2],
      timeDeltas: [1000, 2000, 3000, 4000],
    }
    const summary = selfTimeByPlace(profile, root)
    expect(summary).toEqual({ durationMs: 10, byPlace: { '(idle)': 1, 'plugin (src/)': 6, pg: 3 } })
    expect(placeDifference({ byPlace: { pg: 3 } }, summary, 1).map((row) => [row.place, row.difference])).toEqual([
      ['plugin (src/)', 6],
      ['pg', 0],
    ])
  })
})
