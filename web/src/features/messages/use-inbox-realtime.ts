import { useEffect, useRef } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { refreshQueries } from '@/lib/query-client'
import { unreadQueryOptions } from './api/get-unread'
import { messagesQueryOptions } from './api/list-messages'
import { queryKeys } from '@/lib/query-keys'

/**
 * Live updates for the signed-in member (no polling): each realtime event invalidates the
 * queries it changes; only the ones on screen refetch. Re-subscribes when the member changes,
 * because the server fixes the subscriber's identity when the subscription is made.
 * The PocketBase SDK is loaded on demand, after the first screen, so it stays out of the first
 * screen's bundle and its requests. Once subscribed, the unread count is fetched again: what
 * happened before the stream started is not missed.
 */
/**
 * A burst of events (a quick chat: a message, its conversation and the unread count arrive
 * together, line after line) is coalesced per query: one refetch after the burst instead of each
 * event aborting the refetch the previous one started (an aborted request each time).
 */
const COALESCE_MS = 120

function coalescer(run: (key: readonly unknown[]) => void) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  return {
    schedule(key: readonly unknown[]) {
      const id = JSON.stringify(key)
      clearTimeout(timers.get(id))
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id)
          run(key)
        }, COALESCE_MS),
      )
    },
    stop() {
      for (const t of timers.values()) clearTimeout(t)
      timers.clear()
    },
  }
}

/** The page's own requests have been quiet this long before the realtime SDK loads. */
const QUIET_MS = 500
/** ...or this long has passed since the shell mounted, whatever the page does. */
const LATEST_MS = 10_000

/**
 * Runs fn once the first screen is done: no query has been fetching for QUIET_MS and the browser
 * is idle (at the latest after LATEST_MS). Returns the cancel function.
 */
function afterFirstScreen(queryClient: QueryClient, fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  let done = false
  const stop = () => {
    done = true
    clearTimeout(timer)
    clearTimeout(latest)
    if (idle !== undefined) window.cancelIdleCallback?.(idle)
    unsubscribe()
  }
  const run = () => {
    if (done) return
    stop()
    fn()
  }
  const check = () => {
    if (done) return
    clearTimeout(timer)
    if (queryClient.isFetching() > 0) return
    timer = setTimeout(() => {
      if (queryClient.isFetching() > 0) return
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2000 })
      else run()
    }, QUIET_MS)
  }
  const unsubscribe = queryClient.getQueryCache().subscribe(check)
  const latest = setTimeout(run, LATEST_MS)
  check()
  return stop
}

/** The first segment of every query key the inbox's own events change. */
const inboxKeys = new Set(
  [queryKeys.messages[0], queryKeys.conversations[0], queryKeys.notifications[0], unreadQueryOptions().queryKey[0], queryKeys.deals[0]].map(
    String,
  ),
)

/**
 * What a new notification says changed on the member's other pages, by its type: the poster's
 * applications view on a new application, the applicant's on a decision (and their deals on an
 * acceptance), a request's pledge progress and pledges on a pledge or a withdrawal. The server
 * sends a notification to its owner only, so only the member concerned refreshes, and only the
 * queries on screen refetch (refreshQueries); no other member learns of the application or pledge.
 * Deal steps have their own topic (deals/*).
 */
const followsByType: Record<string, readonly (readonly unknown[])[]> = {
  application: [queryKeys.applications],
  application_accepted: [queryKeys.applications, queryKeys.deals],
  application_declined: [queryKeys.applications],
  sponsorship: [queryKeys.sponsorshipRequests, queryKeys.commitments],
}

/** The queries a notification of this type changes besides the notifications themselves. */
export function notificationFollows(type: unknown): readonly (readonly unknown[])[] {
  return followsByType[String(type)] ?? []
}

/** Every query realtime events keep fresh: the inbox's and those notifications change. */
const followedKeys = new Set([...inboxKeys, ...Object.values(followsByType).flatMap((keys) => keys.map((key) => String(key[0])))])

/**
 * The stream came back after it was lost: the events sent meanwhile are gone, so every query they
 * keep fresh that is on screen is read again, once (a fetch already running goes on). The SDK's
 * reconnects are spread over several seconds (lib/realtime-reconnect.ts), and so are these reads.
 */
export function refreshAfterReconnect(queryClient: QueryClient): Promise<void> {
  return refreshUnder(queryClient, followedKeys)
}

/** Reads again the queries on screen whose key starts with one of firsts; one on its way goes on. */
function refreshUnder(queryClient: QueryClient, firsts: ReadonlySet<string>): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => firsts.has(String(q.queryKey[0])) }, { cancelRefetch: false })
}

/**
 * onDealChanged: one of the member's deals changed (the app shell passes the deals feature's
 * refresh of that deal's open page).
 */
export function useInboxRealtime(
  userId: string | undefined,
  onSessionEnded?: (reason: string) => void,
  onDealChanged?: (id: string, version: unknown) => void,
) {
  const queryClient = useQueryClient()
  // the latest callbacks, without subscribing again when they change
  const ended = useRef(onSessionEnded)
  const dealChanged = useRef(onDealChanged)
  useEffect(() => {
    ended.current = onSessionEnded
    dealChanged.current = onDealChanged
  }, [onSessionEnded, onDealChanged])
  useEffect(() => {
    if (!userId) return
    // Never abort a refetch on its way (refreshQueries): an aborted request each time otherwise.
    const refresh = (queryKey: readonly unknown[]) => void refreshQueries(queryClient, queryKey)
    const later = coalescer(refresh)
    const unread = () => later.schedule(unreadQueryOptions().queryKey)
    const conversations = () => later.schedule(queryKeys.conversations)
    let off: (() => void) | undefined
    let cancelled = false
    const start = () => {
      void import('@/lib/pb').then(({ subscribeInbox }) => {
        if (cancelled) return
        off = subscribeInbox({
          message: (_action, record) => {
            later.schedule(messagesQueryOptions(String(record.conversation)).queryKey)
            conversations()
            unread()
          },
          conversation: () => {
            conversations()
            unread()
          },
          notification: (action, record) => {
            later.schedule(queryKeys.notifications)
            unread()
            if (action === 'create') for (const key of notificationFollows(record.type)) later.schedule(key)
          },
          deal: (action, record) => {
            if (action !== 'delete') dealChanged.current?.(String(record.id), record.version)
          },
          // What changed before the stream started (the page loaded first): read it again. A
          // fetch already running goes on rather than being aborted; the events coalesced above
          // take care of everything after.
          sessionEnded: (reason) => ended.current?.(reason),
          subscribed: () => void refreshUnder(queryClient, inboxKeys),
          reconnected: () => void refreshAfterReconnect(queryClient),
        })
      })
    }
    // The first screen goes first: the SDK and its stream start once the page's requests are done.
    const cancelStart = afterFirstScreen(queryClient, start)
    return () => {
      cancelled = true
      cancelStart()
      later.stop()
      off?.()
    }
  }, [userId, queryClient])
}
