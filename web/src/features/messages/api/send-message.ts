import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshQueries } from '@/lib/query-client'
import { appendMessage, messagesQueryOptions } from './list-messages'
import { queryKeys } from '@/lib/query-keys'

function sendMessage(conversationId: string, body: string) {
  return api('POST /api/conversations/{id}/messages', { params: { id: conversationId }, body: { body } })
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body),
    onSuccess: (message) => {
      queryClient.setQueryData(messagesQueryOptions(conversationId).queryKey, (data) => appendMessage(data, message))
      void refreshQueries(queryClient, queryKeys.conversations)
    },
  })
}
