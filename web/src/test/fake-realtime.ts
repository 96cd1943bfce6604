import { vi } from 'vitest'

/** A stand-in for the browser's EventSource that the test drives: open it, or end it as a restart does. */
export class FakeStream {
  static all: FakeStream[] = []
  onerror: ((e: Event) => void) | null = null
  closed = false
  readonly openedAt = Date.now()
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeStream.all.push(this)
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn])
  }
  removeEventListener() {}
  close() {
    this.closed = true
  }
  /** The server's first event on a new stream: the client's id. */
  connect(id: string) {
    for (const fn of this.listeners.get('PB_CONNECT') ?? []) fn(new MessageEvent('PB_CONNECT', { lastEventId: id, data: '{}' }))
  }
  /** The server went away. */
  fail() {
    this.onerror?.(new Event('error'))
  }
}

/** The subscription POSTs answer 204, as PocketBase does; every request is counted. */
export function stubServer() {
  const posts: string[] = []
  vi.stubGlobal('EventSource', FakeStream)
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      posts.push(url)
      const response = new Response(null, { status: 204 })
      Object.defineProperty(response, 'url', { value: url })
      return Promise.resolve(response)
    }),
  )
  return posts
}

/** Lets the SDK's promises and microtasks run under fake timers. */
export const settle = () => vi.advanceTimersByTimeAsync(0)
