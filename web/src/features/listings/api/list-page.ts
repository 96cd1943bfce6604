import { fetchPage, type ListPage } from '@/lib/list-page'
import { toListQuery, type ListingFilters } from '../filters'

/** A page of listings: keyset paging (`next`), the total on the first page only. */
type ListingPage<T> = ListPage<T>

/** One page of a list endpoint (docs/api/listings.md): the first without a cursor, the rest after one. */
export function fetchListingPage<T>(path: string, filters: ListingFilters, cursor: string, signal?: AbortSignal): Promise<ListingPage<T>> {
  return fetchPage<T>(path, { ...toListQuery(filters), ...(cursor ? { cursor } : {}) }, signal)
}

export function nextPageParam(last: ListingPage<unknown>): string | undefined {
  return last.hasMore && last.next ? last.next : undefined
}

/** "12 of 340", or "12 of about 14,000" when the server estimated. */
export function showingText(shown: number, first: ListingPage<unknown> | undefined): string {
  if (first?.total === undefined) return `Showing ${shown}`
  const total = first.total.toLocaleString()
  return `Showing ${shown.toLocaleString()} of ${first.totalEstimated ? 'about ' : ''}${total}`
}
