import { describe, expect, it } from 'vitest'
import { listingFilterFields, listingScreenKeys } from '@/lib/api-types.gen'
import { listingScreenPath } from '@/lib/paths'
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  readListingParams,
  toListQuery,
  toSavedQuery,
  writeListingParams,
  type ListingFilters,
} from './filters'

const categories = ['Education', 'Healthcare', 'Technology', 'Environment', 'Arts', 'Community', 'Business']

describe('readListingParams', () => {
  it('defaults to the Open Sponsorships tab and no filters', () => {
    expect(readListingParams(new URLSearchParams(''), categories)).toEqual({
      tab: 'sponsorships',
      filters: { q: '', categories: [], minAmount: undefined, maxAmount: undefined, location: '' },
    })
  })

  it('reads tab, keyword, amounts, location and known categories', () => {
    const params = new URLSearchParams('tab=requests&q=robot&min=100&max=5000&location=Pune&categories=Arts,Technology')
    expect(readListingParams(params, categories)).toEqual({
      tab: 'requests',
      filters: { q: 'robot', categories: ['Arts', 'Technology'], minAmount: 100, maxAmount: 5000, location: 'Pune' },
    })
  })

  it('ignores malformed amounts, unknown categories and duplicates', () => {
    const params = new URLSearchParams('tab=nope&min=abc&max=-5&categories=Arts,Bogus,Arts')
    const { tab, filters } = readListingParams(params, categories)
    expect(tab).toBe('sponsorships')
    expect(filters.minAmount).toBeUndefined()
    expect(filters.maxAmount).toBeUndefined()
    expect(filters.categories).toEqual(['Arts'])
  })
})

describe('writeListingParams', () => {
  it('round-trips through the URL', () => {
    const filters = { q: 'music', categories: ['Arts'], minAmount: 10, maxAmount: 20, location: 'Goa' }
    const params = writeListingParams(new URLSearchParams(), { tab: 'requests', filters })
    expect(params.toString()).toBe('tab=requests&q=music&categories=Arts&min=10&max=20&location=Goa')
    expect(readListingParams(params, categories)).toEqual({ tab: 'requests', filters })
  })

  it('removes defaults and keeps unrelated parameters', () => {
    const prev = new URLSearchParams('tab=requests&q=x&min=5&create=1')
    const params = writeListingParams(prev, { tab: 'sponsorships', filters: { q: '', minAmount: undefined } })
    expect(params.toString()).toBe('create=1')
  })

  it('only touches the filters it is given', () => {
    const prev = new URLSearchParams('q=robot&location=Pune')
    expect(writeListingParams(prev, { filters: { categories: ['Arts'] } }).toString()).toBe('q=robot&location=Pune&categories=Arts')
  })
})

describe('hasActiveFilters', () => {
  it('is false for the keyword alone and true for any dropdown filter', () => {
    expect(hasActiveFilters({ ...EMPTY_FILTERS, q: 'robot' })).toBe(false)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, categories: ['Arts'] })).toBe(true)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, minAmount: 0 })).toBe(true)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, maxAmount: 10 })).toBe(true)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, location: ' Pune ' })).toBe(true)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, location: '   ' })).toBe(false)
  })
})

describe('toListQuery', () => {
  it('maps to the API parameters, leaving out empty values', () => {
    expect(
      toListQuery({ q: ' robot ', categories: ['Arts', 'Business'], minAmount: 0, maxAmount: undefined, location: '', userId: 'u1' }),
    ).toEqual({
      q: 'robot',
      categories: 'Arts,Business',
      minAmount: 0,
      maxAmount: undefined,
      location: undefined,
      verified: undefined,
      sort: undefined,
      userId: 'u1',
    })
  })
})

describe('verified and sort', () => {
  it('read from and write to the URL; newest is the default and stays out of it', () => {
    const { filters } = readListingParams(new URLSearchParams('verified=true&sort=amount_desc'), ['Arts'])
    expect(filters.verified).toBe(true)
    expect(filters.sort).toBe('amount_desc')
    expect(readListingParams(new URLSearchParams('sort=bogus&verified=yes'), []).filters).toMatchObject({
      sort: undefined,
      verified: undefined,
    })
    expect(writeListingParams(new URLSearchParams('sort=amount_asc'), { filters: { sort: 'newest' } }).toString()).toBe('')
    expect(writeListingParams(new URLSearchParams(), { filters: { sort: 'amount_asc', verified: true } }).toString()).toBe(
      'verified=true&sort=amount_asc',
    )
  })
  it('verified counts in the filter dot, the order does not', () => {
    expect(hasActiveFilters({ ...EMPTY_FILTERS, verified: true })).toBe(true)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: 'amount_desc' })).toBe(false)
  })
  it('are sent to the list route', () => {
    expect(toListQuery({ ...EMPTY_FILTERS, verified: true, sort: 'amount_asc' })).toMatchObject({ verified: 'true', sort: 'amount_asc' })
  })
})

describe('reliable posters', () => {
  it('read from and write to the URL with the generated key, count in the dot and reach the list route', () => {
    expect(readListingParams(new URLSearchParams('reliable=true'), []).filters.reliable).toBe(true)
    expect(readListingParams(new URLSearchParams('reliable=1'), []).filters.reliable).toBeUndefined()
    expect(writeListingParams(new URLSearchParams('reliable=true'), { filters: { reliable: false } }).toString()).toBe('')
    expect(writeListingParams(new URLSearchParams(), { filters: { reliable: true } }).toString()).toBe('reliable=true')
    expect(hasActiveFilters({ ...EMPTY_FILTERS, reliable: true })).toBe(true)
    expect(toListQuery({ ...EMPTY_FILTERS, reliable: true })).toMatchObject({ reliable: 'true' })
    expect(toListQuery(EMPTY_FILTERS).reliable).toBeUndefined()
  })
})

describe('show closed and sponsored', () => {
  it('is off by default: the list asks for no status, so the server answers open listings', () => {
    const { filters } = readListingParams(new URLSearchParams(''), [])
    expect(filters.showClosed).toBeUndefined()
    expect(toListQuery(filters).status).toBeUndefined()
    expect(hasActiveFilters(filters)).toBe(false)
  })
  it('is kept in the URL, counts in the filter dot and asks for every status', () => {
    const params = writeListingParams(new URLSearchParams('tab=requests'), { filters: { showClosed: true } })
    expect(params.toString()).toBe('tab=requests&show=all')
    const { filters } = readListingParams(params, [])
    expect(filters.showClosed).toBe(true)
    expect(hasActiveFilters(filters)).toBe(true)
    expect(toListQuery(filters).status).toBe('all')
    expect(writeListingParams(params, { filters: { showClosed: false } }).toString()).toBe('tab=requests')
    expect(readListingParams(new URLSearchParams('show=yes'), []).filters.showClosed).toBeUndefined()
  })
})

describe('the URL keys of the generated contract', () => {
  // The link of a saved search's alert, as listings.AppURL writes it (pb/internal/listings/filter_test.go, TestAppURL).
  const alertLink = '/home?categories=Education%2CArts&location=Pune&max=900&min=100&q=school&tab=requests&verified=true'

  it("open a saved search's server-made link with every condition, sent on to the list route", () => {
    const { tab, filters } = readListingParams(new URL(alertLink, 'http://localhost').searchParams, categories)
    expect(tab).toBe('requests')
    expect(toListQuery(filters)).toEqual({
      q: 'school',
      categories: 'Education,Arts',
      minAmount: 100,
      maxAmount: 900,
      location: 'Pune',
      verified: 'true',
      status: undefined,
      sort: undefined,
      userId: undefined,
    })
  })

  it('are the ones the screen writes', () => {
    const params = writeListingParams(new URLSearchParams(), {
      tab: 'requests',
      filters: {
        q: 'x',
        categories: ['Arts'],
        minAmount: 1,
        maxAmount: 2,
        location: 'Goa',
        verified: true,
        reliable: true,
        hasPackages: true,
        openToMe: true,
        eligibleOnly: true,
        minAudience: 300,
        measuredOnly: true,
        showClosed: true,
        sort: 'amount_asc',
      },
    })
    expect([...params.keys()].sort()).toEqual([...listingFilterFields.map((f) => f.screen), ...Object.values(listingScreenKeys)].sort())
  })

  it('keep "Only offers I can apply to" in the URL and ask the list for it', () => {
    const params = writeListingParams(new URLSearchParams(), { filters: { ...EMPTY_FILTERS, eligibleOnly: true } })
    expect(params.toString()).toBe('eligibleOnly=true')
    const { filters } = readListingParams(params, categories)
    expect(filters.eligibleOnly).toBe(true)
    expect(toListQuery(filters)).toMatchObject({ eligibleOnly: 'true' })
    expect(toSavedQuery(filters)).toMatchObject({ eligibleOnly: true })
  })

  it('keep "Audience at least" and "Measured figures only" in the URL, the list query and a saved search', () => {
    const params = writeListingParams(new URLSearchParams(), { filters: { ...EMPTY_FILTERS, minAudience: 500, measuredOnly: true } })
    expect(params.toString()).toBe('minAudience=500&measuredOnly=true')
    const { filters } = readListingParams(params, categories)
    expect(filters).toMatchObject({ minAudience: 500, measuredOnly: true })
    expect(toListQuery(filters)).toMatchObject({ minAudience: 500, measuredOnly: 'true' })
    expect(toSavedQuery(filters)).toMatchObject({ minAudience: 500, measuredOnly: true })
  })

  it('give a listing page its way back to its tab, as the screen reads it', () => {
    const back = new URL(listingScreenPath('requests'), 'http://localhost')
    expect(back.pathname).toBe('/home')
    expect(readListingParams(back.searchParams, categories).tab).toBe('requests')
    expect(listingScreenPath('sponsorships')).toBe('/home')
  })
})

/** A value of each kind that narrows the list, for the declared-field checks. */
const sample = { text: 'Pune', categories: ['Arts'], amount: 100, flag: true } as const

describe('every declared filter field (listingFilterFields)', () => {
  for (const field of listingFilterFields) {
    const filters = { ...EMPTY_FILTERS, [field.param]: sample[field.value] } as ListingFilters

    it(`${field.param}: is written to the URL under its screen key and read back`, () => {
      const params = writeListingParams(new URLSearchParams(), { filters })
      expect([...params.keys()]).toEqual([field.screen])
      expect(readListingParams(params, categories).filters[field.param]).toEqual(sample[field.value])
    })

    it(`${field.param}: reaches the list route under its parameter`, () => {
      const query = toListQuery(filters)
      expect(Object.entries(query).filter(([, v]) => v !== undefined)).toEqual([
        [field.param, field.value === 'categories' ? 'Arts' : field.value === 'flag' ? 'true' : sample[field.value]],
      ])
    })

    it(`${field.param}: is kept by a saved search under its saved key`, () => {
      expect(toSavedQuery(filters)).toEqual({ [field.saved]: sample[field.value] })
    })

    it(`${field.param}: counts in the filter dot unless it is the keyword`, () => {
      expect(hasActiveFilters(filters)).toBe(field.param !== 'q')
    })
  }
})
