import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

function conversationsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.conversations, 'list'],
    queryFn: ({ signal }) => fetchPage('GET /api/conversations', { signal }).then((p) => p.items),
  })
}

export function useConversations() {
  return useQuery(conversationsQueryOptions())
}
