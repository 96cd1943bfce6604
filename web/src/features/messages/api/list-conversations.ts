import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import type { Conversation } from '@/lib/api-types.gen'

/** Prefix of the conversation queries; realtime events invalidate it. */
export const conversationsKey = ['conversations'] as const

function conversationsQueryOptions() {
  return queryOptions({
    queryKey: [...conversationsKey, 'list'],
    queryFn: ({ signal }) => fetchPage<Conversation>('/api/conversations', undefined, signal).then((p) => p.items),
  })
}

export function useConversations() {
  return useQuery(conversationsQueryOptions())
}
