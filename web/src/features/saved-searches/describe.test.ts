import { describe as suite, expect, it } from 'vitest'
import { describe } from './describe'

suite('a saved search in words', () => {
  it('names every condition, the poster conditions too', () => {
    expect(describe({ q: 'school', categories: ['Education'], location: 'Pune', verified: true, reliable: true })).toBe(
      ' matching “school”, in Education, near Pune, verified posters only, reliable posters only',
    )
    expect(describe({})).toBe(', every new listing')
  })
})
