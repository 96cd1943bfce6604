import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Conversation } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.conversations, 'one', id],
    queryFn: ({ signal }) => api.get<Conversation>(`/api/conversations/${encodeURIComponent(id)}`, undefined, signal),
  })
}

export function useConversation(id: string) {
  return useQuery({ ...conversationQueryOptions(id), enabled: id !== '' })
}
