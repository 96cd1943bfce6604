import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { unreadQueryOptions } from './api/get-unread'
import { conversationsKey } from './api/list-conversations'
import { messagesKey } from './api/list-messages'
import { notificationsKey } from './api/list-notifications'

/**
 * Live updates for the signed-in member (no polling): each realtime event invalidates the
 * queries it changes; only the ones on screen refetch. Re-subscribes when the member changes,
 * because the server fixes the subscriber's identity when the subscription is made.
 * The PocketBase SDK is loaded on demand, once the browser is idle, so it stays out of the first
 * screen's bundle and its requests.
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

/** Runs fn when the browser is next idle (at the latest after two seconds). */
function whenIdle(fn: () => void): { cancel: () => void } {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 })
    return { cancel: () => window.cancelIdleCallback(id) }
  }
  const id = window.setTimeout(fn, 200)
  return { cancel: () => window.clearTimeout(id) }
}

export function useInboxRealtime(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const later = coalescer((queryKey) => void queryClient.invalidateQueries({ queryKey }))
    const unread = () => later.schedule(unreadQueryOptions().queryKey)
    const conversations = () => later.schedule(conversationsKey)
    let off: (() => void) | undefined
    let cancelled = false
    const start = () =>
      void import('@/lib/pb').then(({ subscribeInbox }) => {
        if (cancelled) return
        off = subscribeInbox({
          message: (_action, record) => {
            later.schedule([...messagesKey, String(record.conversation)])
            conversations()
            unread()
          },
          conversation: () => {
            conversations()
            unread()
          },
          notification: () => {
            later.schedule(notificationsKey)
            unread()
          },
        })
      })
    // The first render goes first: the SDK and its stream start when the browser is next idle.
    const idle = whenIdle(start)
    return () => {
      cancelled = true
      idle.cancel()
      later.stop()
      off?.()
    }
  }, [userId, queryClient])
}
