import { describe, expect, it } from 'vitest'
import { earliestEventDate, listingFormSchema } from './schemas'
import { emptyCriteria } from './criteria'
import { emptyPackages } from './tiers'

const base = { title: 'T', description: 'D', amount: '10', categories: ['Arts'], location: '', ...emptyPackages, ...emptyCriteria }

describe('event date', () => {
  it('refuses a past date before submitting, with the server’s message', () => {
    const r = listingFormSchema.safeParse({ ...base, eventDate: '2020-01-01' })
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.message)).toContain('Event date cannot be in the past')
  })
  it('accepts yesterday in UTC (the server does too), today and later, or none', () => {
    for (const eventDate of [
      '',
      earliestEventDate(),
      new Date().toISOString().slice(0, 10),
      '2099-01-01'.replace('2099', String(new Date().getFullYear() + 1)),
    ]) {
      expect(listingFormSchema.safeParse({ ...base, eventDate }).success).toBe(true)
    }
  })
  it('is the day before now in UTC', () => {
    expect(earliestEventDate(new Date('2026-11-23T00:30:00Z'))).toBe('2026-11-22')
  })
})
