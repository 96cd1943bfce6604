import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { listHeaders } from './api-types.gen'
import { fetchPage, pageCount } from './list-page'

afterEach(() => vi.unstubAllGlobals())

describe('fetchPage', () => {
  it('reads the items and every paging header', async () => {
    const { calls } = mockFetch({
      'GET /api/deals': () =>
        json([{ id: 'a' }, { id: 'b' }], 200, {
          [listHeaders.page]: '2',
          [listHeaders.perPage]: '2',
          [listHeaders.hasMore]: 'true',
          [listHeaders.total]: '14000',
          [listHeaders.totalEstimated]: 'true',
          [listHeaders.next]: 'c2',
        }),
    })
    const page = await fetchPage('GET /api/deals', { query: { page: 2, perPage: 2, q: '' } })
    expect(page).toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      page: 2,
      perPage: 2,
      hasMore: true,
      total: 14000,
      totalEstimated: true,
      next: 'c2',
    })
    expect(calls[0].url.search).toBe('?page=2&perPage=2')
  })

  it('leaves out what the list does not say', async () => {
    mockFetch({ 'GET /api/deals': () => json(null, 200, { [listHeaders.hasMore]: 'false' }) })
    const page = await fetchPage('GET /api/deals', {})
    expect(page).toEqual({ items: [], page: 1, perPage: 0, hasMore: false, total: undefined, totalEstimated: false, next: undefined })
  })

  it('counts the pages of a counted list', () => {
    expect(pageCount({ perPage: 20, total: 41 })).toBe(3)
    expect(pageCount({ perPage: 20, total: 0 })).toBe(1)
    expect(pageCount({ perPage: 20 })).toBe(1)
  })
})
