import { request } from '@/lib/api'
import { toListQuery, type ListingFilters } from '../filters'

export const PER_PAGE = 12

export interface ListingPage<T> {
  items: T[]
  hasMore: boolean
  /** Cursor of the page after this one (keyset paging: every page costs what the first costs). */
  next?: string
  /** Number of matches; only the first page carries it. */
  total?: number
  /** The server estimated the total from part of its index ("about 14,000"). */
  totalEstimated: boolean
}

/** One page of a list endpoint (docs/api/listings.md): the first without a cursor, the rest after one. */
export async function fetchListingPage<T>(
  path: string,
  filters: ListingFilters,
  cursor: string,
  signal?: AbortSignal,
): Promise<ListingPage<T>> {
  const { data, headers } = await request<T[] | null>(path, {
    query: { ...toListQuery(filters), perPage: PER_PAGE, ...(cursor ? { cursor } : {}) },
    signal,
  })
  const items = data ?? []
  const total = Number(headers.get('X-Total-Count'))
  return {
    items,
    hasMore: headers.get('X-Has-More') === 'true',
    next: headers.get('X-Next-Cursor') ?? undefined,
    total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : undefined,
    totalEstimated: headers.get('X-Total-Estimated') === 'true',
  }
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
