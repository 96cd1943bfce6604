import { describe, expect, it } from 'vitest'
import { formatDate, formatUsd, mapsSearchUrl } from './format'

describe('format', () => {
  it('shows whole US dollars', () => {
    expect(formatUsd(1500)).toBe('$1,500')
    expect(formatUsd(99.6)).toBe('$100')
  })

  it('formats calendar dates and ignores bad input', () => {
    expect(formatDate('2026-02-14T00:00:00Z', 'UTC')).toBe('Feb 14, 2026')
    expect(formatDate('')).toBe('')
    expect(formatDate('nonsense')).toBe('')
  })

  it('builds a Google Maps search link from the location text', () => {
    expect(mapsSearchUrl('Pune, India')).toBe('https://www.google.com/maps/search/?api=1&query=Pune%2C%20India')
  })
})
