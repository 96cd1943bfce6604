import { listingScreenKeys as keys } from '@/lib/api-types.gen'
import type { ListingKind } from '@/lib/listing'

/** The spec's filter state plus the keyword; `userId` narrows to one member's listings. */
export interface ListingFilters {
  q: string
  categories: string[]
  minAmount?: number
  maxAmount?: number
  location: string
  /** Only listings whose poster carries the verified badge. */
  verified?: boolean
  /** Only listings of reliable posters: 3+ distinct, established counterparties, 90% of funded deals completed (docs/api/deals.md, "Reliability"). */
  reliable?: boolean
  /**
   * Closed and sponsored listings too. Without it the server answers what can still be backed
   * (its `status` defaults to open: docs/api/listings.md); with it the list asks for `status=all`.
   */
  showClosed?: boolean
  /** The server's order: newest first unless asked (`sort` in docs/api/listings.md, "List query parameters"). */
  sort?: ListingSort
  userId?: string
}

/** The listing screen's tabs are the two kinds (?tab=requests). */
export type ListingTab = ListingKind

export type ListingSort = 'newest' | 'amount_desc' | 'amount_asc'
export const SORTS: { value: ListingSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'amount_desc', label: 'Amount: high to low' },
  { value: 'amount_asc', label: 'Amount: low to high' },
]

export const EMPTY_FILTERS: ListingFilters = { q: '', categories: [], location: '' }

function wholeNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined
}

/**
 * Reads the listing screen's state from the URL, ignoring anything malformed. The keys come from the
 * generated contract (`listingScreenKeys`): the server's saved-search links write the same ones.
 */
export function readListingParams(
  params: URLSearchParams,
  knownCategories: readonly string[],
): { tab: ListingTab; filters: ListingFilters } {
  const tab: ListingTab = params.get(keys.tab) === 'requests' ? 'requests' : 'sponsorships'
  const categories = (params.get(keys.categories) ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => knownCategories.includes(c))
  return {
    tab,
    filters: {
      q: params.get(keys.q) ?? '',
      categories: [...new Set(categories)],
      minAmount: wholeNumber(params.get(keys.minAmount)),
      maxAmount: wholeNumber(params.get(keys.maxAmount)),
      location: params.get(keys.location) ?? '',
      verified: params.get(keys.verified) === 'true' || undefined,
      reliable: params.get(keys.reliable) === 'true' || undefined,
      showClosed: params.get(keys.showClosed) === 'all' || undefined,
      sort: SORTS.some((o) => o.value === params.get(keys.sort) && o.value !== 'newest')
        ? (params.get(keys.sort) as ListingSort)
        : undefined,
    },
  }
}

/** Writes tab and filters into the URL, keeping unrelated parameters; defaults are left out. */
export function writeListingParams(prev: URLSearchParams, next: { tab?: ListingTab; filters?: Partial<ListingFilters> }): URLSearchParams {
  const out = new URLSearchParams(prev)
  const set = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') out.delete(key)
    else out.set(key, String(value))
  }
  if (next.tab !== undefined) set(keys.tab, next.tab === 'requests' ? 'requests' : undefined)
  const f = next.filters
  if (f) {
    if ('q' in f) set(keys.q, f.q?.trim() ? f.q : undefined)
    if ('categories' in f) set(keys.categories, f.categories?.length ? f.categories.join(',') : undefined)
    if ('minAmount' in f) set(keys.minAmount, f.minAmount)
    if ('maxAmount' in f) set(keys.maxAmount, f.maxAmount)
    if ('location' in f) set(keys.location, f.location?.trim())
    if ('verified' in f) set(keys.verified, f.verified ? 'true' : undefined)
    if ('reliable' in f) set(keys.reliable, f.reliable ? 'true' : undefined)
    if ('showClosed' in f) set(keys.showClosed, f.showClosed ? 'all' : undefined)
    if ('sort' in f) set(keys.sort, f.sort && f.sort !== 'newest' ? f.sort : undefined)
  }
  return out
}

/** Whether any of the dropdown's filters is set (the dot on the Filter button). */
export function hasActiveFilters(f: ListingFilters): boolean {
  return (
    f.categories.length > 0 ||
    f.minAmount !== undefined ||
    f.maxAmount !== undefined ||
    f.location.trim() !== '' ||
    !!f.verified ||
    !!f.reliable ||
    !!f.showClosed
  )
}

/** The list endpoints' query parameters (docs/api/listings.md, "List query parameters"). */
export function toListQuery(f: ListingFilters): Record<string, string | number | undefined> {
  return {
    q: f.q.trim() || undefined,
    categories: f.categories.length ? f.categories.join(',') : undefined,
    minAmount: f.minAmount,
    maxAmount: f.maxAmount,
    location: f.location.trim() || undefined,
    verified: f.verified ? 'true' : undefined,
    reliable: f.reliable ? 'true' : undefined,
    status: f.showClosed ? 'all' : undefined,
    sort: f.sort && f.sort !== 'newest' ? f.sort : undefined,
    userId: f.userId,
  }
}
