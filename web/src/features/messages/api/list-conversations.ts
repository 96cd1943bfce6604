import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Conversation } from '@/lib/api-types.gen'

/** Prefix of the conversation queries; realtime events invalidate it. */
export const conversationsKey = ['conversations'] as const

export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: [...conversationsKey, 'list'],
    queryFn: ({ signal }) => api.get<Conversation[] | null>('/api/conversations', undefined, signal).then((d) => d ?? []),
  })
}

export function useConversations() {
  return useQuery(conversationsQueryOptions())
}
