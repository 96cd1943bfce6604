import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, messageTime, utcDay } from './dates'

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

  it('formats calendar dates and ignores bad input', () => {
    expect(formatDate('2026-02-14T00:00:00Z', 'UTC')).toBe('Feb 14, 2026')
    expect(formatDate('')).toBe('')
    expect(formatDate('nonsense')).toBe('')
  })
})

describe('dates for forms and messages', () => {
  it('writes the UTC calendar day a date input holds', () => {
    expect(utcDay(new Date('2026-11-22T23:59:00Z'))).toBe('2026-11-22')
    expect(utcDay(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23')
  })

  it("writes a message's time, with its month and day when it is not today", () => {
    const sent = new Date('2026-11-22T12:00:00Z')
    const time = sent.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    expect(messageTime(sent.toISOString(), sent)).toBe(time)
    const day = sent.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
    expect(messageTime(sent.toISOString(), new Date('2026-12-01T12:00:00Z'))).toBe(`${day}, ${time}`)
    expect(day).toMatch(/^Nov 2[123]$/)
    expect(messageTime('nonsense')).toBe('')
  })
})
