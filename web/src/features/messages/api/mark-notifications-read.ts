import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshQueries } from '@/lib/query-client'
import { unreadQueryOptions } from './get-unread'
import { queryKeys } from '@/lib/query-keys'

/** No ids marks every notification read. */
function markNotificationsRead(ids?: string[]) {
  return api('POST /api/notifications/read', { body: ids ? { ids } : {} })
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => {
      void refreshQueries(queryClient, queryKeys.notifications)
      void refreshQueries(queryClient, unreadQueryOptions().queryKey)
    },
  })
}
