import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { request } from '@/lib/api'
import type { Message } from '@/lib/api-types.gen'

export const PAGE_SIZE = 50

/** Prefix of the thread queries: `['messages', conversationId]`. */
export const messagesKey = ['messages'] as const

export interface MessagePage {
  messages: Message[]
  hasMore: boolean
}

export async function fetchMessages(conversationId: string, before: string | undefined, signal?: AbortSignal): Promise<MessagePage> {
  const { data, headers } = await request<Message[] | null>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { limit: PAGE_SIZE, before },
    signal,
  })
  return { messages: data ?? [], hasMore: headers.get('X-Has-More') === 'true' }
}

/** Page 0 is the latest messages; each next page is older ("Load earlier"). */
export function messagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: [...messagesKey, conversationId],
    queryFn: ({ pageParam, signal }) => fetchMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MessagePage) => (last.hasMore && last.messages.length ? last.messages[0].id : undefined),
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
    for (const m of page.messages) {
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
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data
  const [latest, ...older] = data.pages
  return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] }
}
