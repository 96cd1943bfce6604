import { request } from '@/lib/api'
import { toListQuery, type ListingFilters } from '../filters'

export const PER_PAGE = 12

export interface ListingPage<T> {
  items: T[]
  page: number
  hasMore: boolean
  /** Number of matches, capped by the server (see `totalCapped`). */
  total: number
  totalCapped: boolean
}

/** One page of a list endpoint, with the paging headers of docs/api.md. */
export async function fetchListingPage<T>(path: string, filters: ListingFilters, page: number, signal?: AbortSignal): Promise<ListingPage<T>> {
  const { data, headers } = await request<T[] | null>(path, {
    query: { ...toListQuery(filters), page, perPage: PER_PAGE },
    signal,
  })
  const items = data ?? []
  const total = Number(headers.get('X-Total-Count'))
  return {
    items,
    page,
    hasMore: headers.get('X-Has-More') === 'true',
    total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : items.length,
    totalCapped: headers.get('X-Total-Capped') === 'true',
  }
}

export function nextPageParam(last: ListingPage<unknown>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined
}
