import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.conversations, 'one', id],
    queryFn: ({ signal }) => api('GET /api/conversations/{id}', { params: { id }, signal }),
  })
}

export function useConversation(id: string) {
  return useQuery({ ...conversationQueryOptions(id), enabled: id !== '' })
}
