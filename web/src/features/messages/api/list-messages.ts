import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { fetchPage, type ListPage } from '@/lib/list-page'
import type { Message } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** A page of a thread, oldest first; `next` is the `before` of the older page. */
export type MessagePage = ListPage<Message>

function fetchMessages(conversationId: string, before: string | undefined, signal?: AbortSignal): Promise<MessagePage> {
  return fetchPage('GET /api/conversations/{id}/messages', { params: { id: conversationId }, query: { before }, signal })
}

/** Page 0 is the latest messages; each next page is older ("Load earlier"). */
export function messagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.messages, conversationId],
    queryFn: ({ pageParam, signal }) => fetchMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MessagePage) => (last.hasMore ? last.next : undefined),
  })
}

export function useMessages(conversationId: string) {
  return useInfiniteQuery({ ...messagesQueryOptions(conversationId), enabled: conversationId !== '' })
}

/** Oldest first, without duplicates (a sent message may also arrive through realtime). */
export function flattenMessages(data: InfiniteData<MessagePage> | undefined): Message[] {
  if (!data) return []
  const seen = new Set<string>()
  const out: Message[] = []
  for (const page of [...data.pages].reverse()) {
    for (const m of page.items) {
      if (seen.has(m.id)) continue
      seen.add(m.id)
      out.push(m)
    }
  }
  return out
}

/** Adds a message to the latest page unless it is there already. */
export function appendMessage(data: InfiniteData<MessagePage> | undefined, message: Message): InfiniteData<MessagePage> | undefined {
  if (!data || data.pages.length === 0) return data
  if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data
  const [latest, ...older] = data.pages
  return { ...data, pages: [{ ...latest, items: [...latest.items, message] }, ...older] }
}
