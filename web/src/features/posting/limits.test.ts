import { describe, expect, it } from 'vitest'
import { limits } from '@/lib/limits.gen'
import { listingFormSchema } from './schemas'
import { emptyCriteria } from './criteria'
import { emptyPackages } from './tiers'

const base = {
  title: 'T',
  description: 'D',
  amount: '10',
  categories: ['Arts'],
  location: '',
  eventDate: '',
  ...emptyPackages,
  ...emptyCriteria,
}

function messages(values: Partial<typeof base>): string[] {
  const r = listingFormSchema.safeParse({ ...base, ...values })
  return r.success ? [] : r.error.issues.map((i) => i.message)
}

describe('the listing form checks the server’s limits, in the server’s words', () => {
  it('accepts every field at its limit', () => {
    expect(
      messages({
        title: 'a'.repeat(limits.listingTitle),
        description: 'b'.repeat(limits.listingDescription),
        location: 'c'.repeat(limits.listingLocation),
      }),
    ).toEqual([])
  })
  it('refuses one character more with the message the server answers', () => {
    expect(messages({ title: 'a'.repeat(limits.listingTitle + 1) })).toEqual(['Title must be at most 120 characters'])
    expect(messages({ description: 'b'.repeat(limits.listingDescription + 1) })).toEqual(['Description must be at most 5000 characters'])
    expect(messages({ location: 'c'.repeat(limits.listingLocation + 1) })).toEqual(['Location must be at most 120 characters'])
  })
})
