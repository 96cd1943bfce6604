import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { unreadQueryOptions } from './get-unread'
import { notificationsKey } from './list-notifications'

/** No ids marks every notification read. */
export function markNotificationsRead(ids?: string[]): Promise<{ unread: number }> {
  return api.post<{ unread: number }>('/api/notifications/read', ids ? { ids } : {})
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKey })
      void queryClient.invalidateQueries({ queryKey: unreadQueryOptions().queryKey })
    },
  })
}
