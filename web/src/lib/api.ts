/**
 * The one fetch wrapper. Every call sends the session cookie; a JSON content type is sent only
 * when there is a body. Errors carry the status, the server's message and per-field messages
 * (PocketBase's `{status, message, data: {field: {code, message}}}` shape).
 */

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

export type Query = Record<string, string | number | undefined | null>

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

async function errorFrom(response: Response): Promise<ApiError> {
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

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
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

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>(path, { query, signal }).then((r) => r.data),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }).then((r) => r.data),
  patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }).then((r) => r.data),
  delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }).then((r) => r.data),
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong. Please try again.'
}
