import { listingFilterFields, listingScreenKeys as keys, type FilterValue, type SavedQuery } from '@/lib/api-types.gen'
import type { ListingKind } from '@/lib/listing'

/** A filter field as the generated contract declares it (listings.FilterFields): every spelling it has. */
type FilterField = (typeof listingFilterFields)[number]

type ValueOf<V extends FilterValue> = V extends 'text' ? string : V extends 'categories' ? string[] : V extends 'amount' ? number : boolean
/** The member's conditions, one per declared filter field: text and categories always hold a value, amounts and flags may be absent. */
type Conditions = { [F in FilterField as F['value'] extends 'text' | 'categories' ? F['param'] : never]: ValueOf<F['value']> } & {
  [F in FilterField as F['value'] extends 'amount' | 'flag' ? F['param'] : never]?: ValueOf<F['value']>
}

/**
 * The spec's filter state plus the keyword: the declared filter fields (`listingFilterFields`: keyword, categories, amounts,
 * location, verified posters, reliable posters), and the screen's own state. `userId` narrows to one member's listings.
 */
export interface ListingFilters extends Conditions {
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

type Value = string | string[] | number | boolean | undefined

/** How each kind of value is read and written: undefined leaves a key out. */
interface Codec {
  /** From the listing screen's URL (null: absent), ignoring anything malformed. */
  fromScreen(raw: string | null, knownCategories: readonly string[]): Value
  /** To the listing screen's URL. */
  toScreen(v: Value): string | number | undefined
  /** To the list routes' parameters (docs/api/listings.md, "List query parameters"). */
  toParam(v: Value): string | number | undefined
  /** To a saved search's conditions. */
  toSaved(v: Value): Value
  /** Whether it narrows the list. */
  isSet(v: Value): boolean
}

const text = (v: Value) => (typeof v === 'string' ? v : '')
const names = (v: Value) => (Array.isArray(v) ? v : [])
const amount = (v: Value) => (typeof v === 'number' ? v : undefined)
const flagTrue = 'true'

const codecs: Record<FilterValue, Codec> = {
  text: {
    fromScreen: (raw) => raw ?? '',
    toScreen: (v) => (text(v).trim() ? text(v) : undefined),
    toParam: (v) => text(v).trim() || undefined,
    toSaved: (v) => text(v).trim() || undefined,
    isSet: (v) => text(v).trim() !== '',
  },
  categories: {
    fromScreen: (raw, known) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter((c) => known.includes(c)),
      ),
    ],
    toScreen: (v) => (names(v).length ? names(v).join(',') : undefined),
    toParam: (v) => (names(v).length ? names(v).join(',') : undefined),
    toSaved: (v) => (names(v).length ? names(v) : undefined),
    isSet: (v) => names(v).length > 0,
  },
  amount: {
    fromScreen: (raw) => wholeNumber(raw),
    toScreen: amount,
    toParam: amount,
    toSaved: amount,
    isSet: (v) => amount(v) !== undefined,
  },
  flag: {
    fromScreen: (raw) => raw === flagTrue || undefined,
    toScreen: (v) => (v ? flagTrue : undefined),
    toParam: (v) => (v ? flagTrue : undefined),
    toSaved: (v) => v || undefined,
    isSet: (v) => !!v,
  },
}

const codec = (f: FilterField) => codecs[f.value]

/**
 * Reads the listing screen's state from the URL, ignoring anything malformed. The keys come from the
 * generated contract (`listingFilterFields`, `listingScreenKeys`): the server's saved-search links write the same ones.
 */
export function readListingParams(
  params: URLSearchParams,
  knownCategories: readonly string[],
): { tab: ListingTab; filters: ListingFilters } {
  const tab: ListingTab = params.get(keys.tab) === 'requests' ? 'requests' : 'sponsorships'
  const conditions: Record<string, Value> = {}
  for (const f of listingFilterFields) conditions[f.param] = codec(f).fromScreen(params.get(f.screen), knownCategories)
  return {
    tab,
    filters: {
      ...(conditions as unknown as Conditions),
      showClosed: params.get(keys.showClosed) === 'all' || undefined,
      sort: SORTS.some((o) => o.value === params.get(keys.sort) && o.value !== 'newest')
        ? (params.get(keys.sort) as ListingSort)
        : undefined,
    },
  }
}

/** The value of a declared field in filters. */
const valueOf = (filters: Partial<ListingFilters>, f: FilterField): Value => filters[f.param]

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
    for (const field of listingFilterFields) if (field.param in f) set(field.screen, codec(field).toScreen(valueOf(f, field)))
    if ('showClosed' in f) set(keys.showClosed, f.showClosed ? 'all' : undefined)
    if ('sort' in f) set(keys.sort, f.sort && f.sort !== 'newest' ? f.sort : undefined)
  }
  return out
}

/** Whether any of the dropdown's filters is set (the dot on the Filter button): every filter field but the keyword, which has its own box. */
export function hasActiveFilters(f: ListingFilters): boolean {
  return listingFilterFields.some((field) => field.param !== 'q' && codec(field).isSet(valueOf(f, field))) || !!f.showClosed
}

/** The list endpoints' query parameters (docs/api/listings.md, "List query parameters"). */
export function toListQuery(f: ListingFilters): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {}
  for (const field of listingFilterFields) query[field.param] = codec(field).toParam(valueOf(f, field))
  return {
    ...query,
    status: f.showClosed ? 'all' : undefined,
    sort: f.sort && f.sort !== 'newest' ? f.sort : undefined,
    userId: f.userId,
  }
}

/** The conditions a saved search keeps (the saved-search routes' `query`), from the screen's filters. */
export function toSavedQuery(f: ListingFilters): SavedQuery {
  const query: Record<string, Value> = {}
  for (const field of listingFilterFields) query[field.saved] = codec(field).toSaved(valueOf(f, field))
  return query as SavedQuery
}
