import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshQueries } from '@/lib/query-client'
import { queryKeys } from '@/lib/query-keys'

/** Opens (201) or finds (200) the conversation with another member. */
function startConversation(userId: string) {
  return api('POST /api/conversations', { body: { userId } })
}

export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => refreshQueries(queryClient, queryKeys.conversations),
  })
}
