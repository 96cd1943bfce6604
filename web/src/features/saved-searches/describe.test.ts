import { describe as suite, expect, it } from 'vitest'
import { listingFilterFields } from '@/lib/api-types.gen'
import { describe } from './describe'

suite('a saved search in words', () => {
  it('names every condition, the poster conditions too', () => {
    expect(describe({ q: 'school', categories: ['Education'], location: 'Pune', verified: true, reliable: true })).toBe(
      ' matching “school”, in Education, near Pune, verified posters only, reliable posters only',
    )
    expect(describe({ hasPackages: true, openToMe: true })).toBe(' with packages, open to my industry')
    expect(describe({ eligibleOnly: true })).toBe(' only offers I can apply to')
    expect(describe({ minAudience: 1500, measuredOnly: true })).toBe(' audience at least 1,500, measured audience only')
    expect(describe({})).toBe(', every new listing')
  })
})

suite('every declared filter field (listingFilterFields)', () => {
  const sample = { text: 'Pune', categories: ['Arts'], amount: 100, flag: true } as const
  for (const field of listingFilterFields) {
    it(`${field.param}: is said in words`, () => {
      expect(describe({ [field.saved]: sample[field.value] })).not.toBe(describe({}))
    })
  }
})
