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

/** Reads the listing screen's state from the URL, ignoring anything malformed. */
export function readListingParams(
  params: URLSearchParams,
  knownCategories: readonly string[],
): { tab: ListingTab; filters: ListingFilters } {
  const tab: ListingTab = params.get('tab') === 'requests' ? 'requests' : 'sponsorships'
  const categories = (params.get('categories') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => knownCategories.includes(c))
  return {
    tab,
    filters: {
      q: params.get('q') ?? '',
      categories: [...new Set(categories)],
      minAmount: wholeNumber(params.get('min')),
      maxAmount: wholeNumber(params.get('max')),
      location: params.get('location') ?? '',
      verified: params.get('verified') === 'true' || undefined,
      showClosed: params.get('show') === 'all' || undefined,
      sort: SORTS.some((o) => o.value === params.get('sort') && o.value !== 'newest') ? (params.get('sort') as ListingSort) : undefined,
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
  if (next.tab !== undefined) set('tab', next.tab === 'requests' ? 'requests' : undefined)
  const f = next.filters
  if (f) {
    if ('q' in f) set('q', f.q?.trim() ? f.q : undefined)
    if ('categories' in f) set('categories', f.categories?.length ? f.categories.join(',') : undefined)
    if ('minAmount' in f) set('min', f.minAmount)
    if ('maxAmount' in f) set('max', f.maxAmount)
    if ('location' in f) set('location', f.location?.trim())
    if ('verified' in f) set('verified', f.verified ? 'true' : undefined)
    if ('showClosed' in f) set('show', f.showClosed ? 'all' : undefined)
    if ('sort' in f) set('sort', f.sort && f.sort !== 'newest' ? f.sort : undefined)
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
    status: f.showClosed ? 'all' : undefined,
    sort: f.sort && f.sort !== 'newest' ? f.sort : undefined,
    userId: f.userId,
  }
}
