import type { ListingItem } from '@/lib/api-types.gen'
import { fetchPage, type ListPage } from '@/lib/list-page'
import { toListQuery, type ListingFilters } from '../filters'

/** A page of listings: keyset paging (`next`), the total on the first page only. */
type ListingPage<T> = ListPage<T>

/**
 * One page of a list endpoint (docs/api/listings.md): the first without a cursor, the rest after one; `read`
 * narrows each item to its kind (lib/listing.ts).
 */
export async function fetchListingPage<T>(
  route: 'GET /api/sponsorships' | 'GET /api/sponsorship-requests',
  read: (item: ListingItem) => T,
  filters: ListingFilters,
  cursor: string,
  signal?: AbortSignal,
): Promise<ListingPage<T>> {
  const page = await fetchPage(route, { query: { ...toListQuery(filters), ...(cursor ? { cursor } : {}) }, signal })
  return { ...page, items: page.items.map(read) }
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
