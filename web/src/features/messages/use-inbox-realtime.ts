import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { refreshQueries } from '@/lib/query-client'
import { unreadQueryOptions } from './api/get-unread'
import { conversationsKey } from './api/list-conversations'
import { messagesKey } from './api/list-messages'
import { notificationsKey } from './api/list-notifications'

/**
 * Live updates for the signed-in member (no polling): each realtime event invalidates the
 * queries it changes; only the ones on screen refetch. Re-subscribes when the member changes,
 * because the server fixes the subscriber's identity when the subscription is made.
 * The PocketBase SDK is loaded on demand, so it stays out of the first screen's bundle.
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

export function useInboxRealtime(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    // Never abort a refetch on its way (refreshQueries): an aborted request each time otherwise.
    const refresh = (queryKey: readonly unknown[]) => void refreshQueries(queryClient, queryKey)
    const later = coalescer(refresh)
    const unread = () => later.schedule(unreadQueryOptions().queryKey)
    const conversations = () => later.schedule(conversationsKey)
    let off: (() => void) | undefined
    let cancelled = false
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
    return () => {
      cancelled = true
      later.stop()
      off?.()
    }
  }, [userId, queryClient])
}
