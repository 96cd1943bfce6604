import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshQueries } from '@/lib/query-client'
import { unreadQueryOptions } from './get-unread'
import { queryKeys } from '@/lib/query-keys'

function markConversationRead(conversationId: string) {
  return api('POST /api/conversations/{id}/read', { params: { id: conversationId } })
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (counts) => {
      queryClient.setQueryData(unreadQueryOptions().queryKey, counts)
      void refreshQueries(queryClient, queryKeys.conversations)
      void refreshQueries(queryClient, ['notifications'])
    },
  })
}
