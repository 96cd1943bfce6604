import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './format'

describe('one date format', () => {
  it('shows calendar dates and instants the same way everywhere', () => {
    expect(formatDate('2026-11-22T00:00:00Z', 'UTC')).toBe('Nov 22, 2026')
    const instant = '2026-11-24T07:32:00Z'
    const expected = new Date(instant).toLocaleString(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    })
    expect(formatDateTime(instant)).toBe(expected)
    expect(formatDateTime(instant)).toMatch(/^Nov 24, 2026, \d{1,2}:\d{2}\s?[AP]M$/)
    expect(formatDateTime('')).toBe('')
    expect(formatDate('nonsense')).toBe('')
  })
})
