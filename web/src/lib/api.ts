/**
 * The one fetch wrapper. A call names its route by the route table's key ("POST /api/deals/{id}/agree",
 * lib/api-types.gen.ts ApiRoutes): the path's values, the body and the answer are typed from the
 * server's Go types, never by hand. Every call sends the session cookie; a JSON content type is sent
 * only when there is a body. Errors carry the status, the server's message and per-field messages
 * (PocketBase's `{status, message, data: {field: {code, message}}}` shape).
 */
import type { ApiAnswer, ApiBody, ApiRoute } from './api-types.gen'

export const NETWORK_ERROR_MESSAGE = 'Network error occurred. Please check your internet connection and try again.'

type FieldErrors = Record<string, string>

export class ApiError extends Error {
  readonly status: number
  readonly fieldErrors: FieldErrors
  /** The machine code of each field error (e.g. `data.google.code`), for logic rather than display. */
  readonly fieldCodes: FieldErrors

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}, fieldCodes: FieldErrors = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.fieldErrors = fieldErrors
    this.fieldCodes = fieldCodes
  }
}

interface ApiResult<T> {
  data: T
  headers: Headers
}

type Query = Record<string, string | number | undefined | null>

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  query?: Query
  signal?: AbortSignal
  headers?: Record<string, string>
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

function fieldErrorsFrom(data: unknown, key: 'message' | 'code' = 'message'): FieldErrors {
  const out: FieldErrors = {}
  if (!data || typeof data !== 'object') return out
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (value && typeof value === 'object' && key in value) {
      const text = (value as Record<string, unknown>)[key]
      if (typeof text === 'string') out[field] = text
    }
  }
  return out
}

/** The error an answer that is not ok stands for (also lib/upload.ts's). */
export async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { message?: unknown; data?: unknown }
    if (typeof body.message === 'string' && body.message) {
      return new ApiError(response.status, body.message, fieldErrorsFrom(body.data), fieldErrorsFrom(body.data, 'code'))
    }
  } catch {
    // Not JSON: fall through to the spec's "status: body text" form.
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`)
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { method = 'GET', body, query, signal, headers = {} } = options
  const hasBody = body !== undefined
  // FormData (file uploads) goes as multipart: the browser sets the boundary header itself.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  let response: Response
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      headers: hasBody && !isForm ? { 'Content-Type': 'application/json', ...headers } : Object.keys(headers).length ? headers : undefined,
      body: isForm ? (body as FormData) : hasBody ? JSON.stringify(body) : undefined,
      signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) throw await errorFrom(response)
  if (response.status === 204) return { data: undefined as T, headers: response.headers }
  const text = await response.text()
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers }
}

/** The names in a route's {braces}: 'id' | 'item'. */
type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParams<Rest> : never

/**
 * What a call of route R takes: the values of its path's {names}, its body (required when the route
 * reads one), and the query, abort signal and extra headers.
 */
export type CallArgs<R extends ApiRoute> = Pick<RequestOptions, 'query' | 'signal' | 'headers'> &
  ([PathParams<R>] extends [never] ? { params?: undefined } : { params: Record<PathParams<R>, string> }) &
  (undefined extends ApiBody<R> ? { body?: ApiBody<R> } : { body: ApiBody<R> })

/** The arguments may be left out when nothing in them is required. */
type Args<R extends ApiRoute> = Partial<CallArgs<R>> extends CallArgs<R> ? [args?: CallArgs<R>] : [args: CallArgs<R>]

/** The method and path of a route key, each {name} replaced by its value. */
export function routePath(
  route: ApiRoute,
  params: Record<string, string> = {},
): { method: NonNullable<RequestOptions['method']>; path: string } {
  const [method, template] = route.split(' ')
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`)
    return encodeURIComponent(value)
  })
  return { method: method as NonNullable<RequestOptions['method']>, path }
}

/** Calls a route of the table; answers its body and headers (lists read their paging from the headers). */
export function callWithHeaders<R extends ApiRoute>(route: R, ...[args]: Args<R>): Promise<ApiResult<ApiAnswer<R>>> {
  const { params, ...options } = (args ?? {}) as RequestOptions & { params?: Record<string, string> }
  const { method, path } = routePath(route, params)
  return request<ApiAnswer<R>>(path, { ...options, method })
}

/** Calls a route of the table; answers what the route answers (undefined for 204). */
export function api<R extends ApiRoute>(route: R, ...args: Args<R>): Promise<ApiAnswer<R>> {
  return callWithHeaders(route, ...args).then((r) => r.data)
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong. Please try again.'
}
