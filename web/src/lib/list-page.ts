import { callWithHeaders, type CallArgs } from './api'
import { listHeaders, type ApiAnswer, type ApiRoute, type ApiRoutes } from './api-types.gen'

/** One page of a list (docs/api/README.md, "Lists"): the body's items and the paging its headers carry. */
export interface ListPage<T> {
  items: T[]
  /** The 1-based page answered (1 on a list paged by cursor, which has no page numbers). */
  page: number
  perPage: number
  hasMore: boolean
  /** Number of items in the whole list, on lists that count (a listing search counts on its first page only). */
  total?: number
  /** The server estimated `total` from part of its index ("about 14,000"). */
  totalEstimated: boolean
  /** Cursor of the next page, on lists paged by cursor. */
  next?: string
}

function whole(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 ? n : undefined
}

/** The routes that answer a list: GET, answering an array. */
type ListRoute = {
  [R in ApiRoute]: R extends `GET ${string}` ? (ApiRoutes[R]['answer'] extends unknown[] ? R : never) : never
}[ApiRoute]

/** The item of list route R's answer. */
type ListItem<R extends ListRoute> = ApiAnswer<R> extends (infer T)[] ? T : never

/** The one reader of list answers: GET route?query, read as a page. */
export async function fetchPage<R extends ListRoute>(route: R, args: CallArgs<R>): Promise<ListPage<ListItem<R>>> {
  const { data, headers } = await callWithHeaders<ListRoute>(route, args as CallArgs<ListRoute>)
  const items = (data ?? []) as ListItem<R>[]
  return {
    items,
    page: whole(headers.get(listHeaders.page)) || 1,
    perPage: whole(headers.get(listHeaders.perPage)) || items.length,
    hasMore: headers.get(listHeaders.hasMore) === 'true',
    total: whole(headers.get(listHeaders.total)),
    totalEstimated: headers.get(listHeaders.totalEstimated) === 'true',
    next: headers.get(listHeaders.next) || undefined,
  }
}

/** The number of pages of a counted list (at least 1). */
export function pageCount(list: Pick<ListPage<unknown>, 'perPage' | 'total'>): number {
  if (!list.total || list.perPage < 1) return 1
  return Math.ceil(list.total / list.perPage)
}
