import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

/** The navigation badges; refetched only when realtime or a read route says so. */
export function unreadQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.unread,
    queryFn: ({ signal }) => api('GET /api/unread', { signal }),
  })
}

export function useUnread(enabled = true) {
  return useQuery({ ...unreadQueryOptions(), enabled })
}
