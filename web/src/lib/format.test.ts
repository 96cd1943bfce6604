import { describe, expect, it } from 'vitest'
import { formatDate, formatMinorAmount, formatUsd, mapsSearchUrl } from './format'

describe('format', () => {
  it('shows whole US dollars', () => {
    expect(formatUsd(1500)).toBe('$1,500')
    expect(formatUsd(99.6)).toBe('$100')
  })

  it('shows payment amounts in paise as rupees, with Indian grouping', () => {
    expect(formatMinorAmount(130000, 'INR')).toBe('₹1,300') // as members see it
    expect(formatMinorAmount(10000000)).toBe('₹1,00,000')
    expect(formatMinorAmount(40050, 'inr')).toBe('₹400.50')
  })

  it('survives an unknown currency code', () => {
    expect(formatMinorAmount(1000, '??')).toBe('10.00 ??')
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
