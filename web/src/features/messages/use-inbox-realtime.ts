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
 * The PocketBase SDK is loaded on demand, so it stays out of the first screen's bundle.
 */
export function useInboxRealtime(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const unread = () => void queryClient.invalidateQueries({ queryKey: unreadQueryOptions().queryKey })
    const conversations = () => void queryClient.invalidateQueries({ queryKey: conversationsKey })
    let off: (() => void) | undefined
    let cancelled = false
    void import('@/lib/pb').then(({ subscribeInbox }) => {
      if (cancelled) return
      off = subscribeInbox({
        message: (_action, record) => {
          void queryClient.invalidateQueries({ queryKey: [...messagesKey, String(record.conversation)] })
          conversations()
          unread()
        },
        conversation: () => {
          conversations()
          unread()
        },
        notification: () => {
          void queryClient.invalidateQueries({ queryKey: notificationsKey })
          unread()
        },
      })
    })
    return () => {
      cancelled = true
      off?.()
    }
  }, [userId, queryClient])
}
