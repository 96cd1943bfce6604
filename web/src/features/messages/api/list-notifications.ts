import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { request } from '@/lib/api'
import type { AppNotification } from '@/lib/api-types.gen'

export const notificationsKey = ['notifications'] as const

interface NotificationPage {
  items: AppNotification[]
  page: number
  hasMore: boolean
}

async function fetchNotifications(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  const { data, headers } = await request<AppNotification[] | null>('/api/notifications', { query: { page }, signal })
  return { items: data ?? [], page, hasMore: headers.get('X-Has-More') === 'true' }
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsKey, 'list'],
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled })
}
