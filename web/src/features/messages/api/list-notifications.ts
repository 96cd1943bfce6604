import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { fetchPage, type ListPage } from '@/lib/list-page'
import type { AppNotification } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

type NotificationPage = ListPage<AppNotification>

function fetchNotifications(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  return fetchPage('GET /api/notifications', { query: { page }, signal })
}

function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.notifications, 'list'],
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled })
}
