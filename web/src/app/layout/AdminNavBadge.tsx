import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { overviewKey, useOverview } from '@/features/admin/api/get-overview'
import { useUnread } from '@/features/messages/api/get-unread'
import { UnreadBadge } from '@/features/messages/components/UnreadBadge'
import { refreshQueries } from '@/lib/query-client'

/**
 * The open disputes beside the Admin entry of the navigation (rendered for administrators only).
 * A new dispute notifies every administrator, and a notification refreshes the unread counts
 * through realtime: the counters are read again then, so the badge moves without a reload.
 */
export function AdminNavBadge({ className = '' }: { className?: string }) {
  const queryClient = useQueryClient()
  const notifications = useUnread().data?.notifications
  const seen = useRef(notifications)
  useEffect(() => {
    if (notifications === undefined || seen.current === notifications) return
    const first = seen.current === undefined
    seen.current = notifications
    if (!first) void refreshQueries(queryClient, overviewKey)
  }, [notifications, queryClient])
  const count = useOverview().data?.openDisputes ?? 0
  return <UnreadBadge count={count} label={count === 1 ? '1 open dispute' : `${count} open disputes`} className={className} />
}
