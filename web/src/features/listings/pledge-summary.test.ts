import { describe, expect, it } from 'vitest'
import { pledgeSummary } from './pledge-summary'

describe('pledgeSummary', () => {
  it.each([
    [0, 3200, 0, '$0 of $3,200 pledged'],
    [1200, 3200, 1, '$1,200 of $3,200 pledged by 1 sponsor'],
    [3200, 3200, 2, '$3,200 of $3,200 pledged by 2 sponsors'],
  ])('%d of %d by %d', (pledged, requested, sponsors, text) => {
    expect(pledgeSummary(pledged, requested, sponsors)).toBe(text)
  })
})
