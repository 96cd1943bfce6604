import { vi } from 'vitest'

export interface MockCall {
  url: URL
  init: RequestInit
  body: unknown
}

type Handler = (call: MockCall) => Response | Promise<Response>

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

/**
 * Replaces fetch with a router keyed by "METHOD /path" (query string ignored). Unmatched calls
 * answer 404 in PocketBase's error shape. Returns the recorded calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: MockCall[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { url, init, body }
    calls.push(call)
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`]
    if (!handler) return json({ status: 404, message: 'Not found.', data: {} }, 404)
    return handler(call)
  })
  vi.stubGlobal('fetch', fn)
  return { calls, fn }
}
