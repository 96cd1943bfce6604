import { describe, expect, it } from 'vitest'
import { appendMessage, flattenMessages, messagesQueryOptions, type MessagePage } from './api/list-messages'
import { badgeCount } from './badge'
import { relativeTime } from '@/lib/dates'
import type { Message } from '@/lib/api-types.gen'

const msg = (id: string): Message => ({
  id,
  conversationId: 'c',
  sender: { id: 'u', username: 'u', displayName: 'U', avatar: '', isVerified: false, deleted: false },
  mine: false,
  body: id,
  kind: 'text',
  contextType: '',
  contextId: '',
  dealId: '',
  createdAt: '2026-01-01T00:00:00Z',
})

describe('messages logic', () => {
  it('puts older pages first and drops duplicates', () => {
    const data = {
      pages: [
        { items: [msg('3'), msg('4')], page: 1, perPage: 2, hasMore: true, totalEstimated: false, next: '3' },
        { items: [msg('1'), msg('2'), msg('3')], page: 1, perPage: 3, hasMore: false, totalEstimated: false },
      ] satisfies MessagePage[],
      pageParams: [undefined, '3'],
    }
    expect(flattenMessages(data).map((m) => m.id)).toEqual(['1', '2', '3', '4'])
    const added = appendMessage(data, msg('5'))
    expect(flattenMessages(added).map((m) => m.id)).toEqual(['1', '2', '3', '4', '5'])
    expect(appendMessage(added, msg('5'))).toBe(added)
  })

  it('asks for older messages with the cursor the server gave', () => {
    const next = messagesQueryOptions('c').getNextPageParam
    const page: MessagePage = { items: [msg('3')], page: 1, perPage: 50, hasMore: true, totalEstimated: false, next: '3' }
    expect(next?.(page, [page], undefined, [undefined])).toBe('3')
    expect(next?.({ ...page, hasMore: false, next: undefined }, [page], undefined, [undefined])).toBeUndefined()
  })

  it('formats badges and times', () => {
    expect(badgeCount(7)).toBe('7')
    expect(badgeCount(120)).toBe('99+')
    const now = new Date('2026-01-02T12:00:00Z')
    expect(relativeTime('2026-01-02T11:59:50Z', now)).toBe('just now')
    expect(relativeTime('2026-01-02T11:55:00Z', now)).toBe('5 minutes ago')
    expect(relativeTime('2026-01-01T12:00:00Z', now)).toBe('yesterday')
  })
})
