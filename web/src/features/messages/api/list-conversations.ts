import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import type { Conversation } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

function conversationsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.conversations, 'list'],
    queryFn: ({ signal }) => fetchPage<Conversation>('/api/conversations', undefined, signal).then((p) => p.items),
  })
}

export function useConversations() {
  return useQuery(conversationsQueryOptions())
}
