import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

const subscriptionsKey = [...queryKeys.admin, 'subscriptions'] as const

function subscriptionsSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...subscriptionsKey, 'summary'],
    queryFn: ({ signal }) => api('GET /api/admin/subscriptions/summary', { signal }),
  })
}

export function useSubscriptionsSummary() {
  return useQuery(subscriptionsSummaryQueryOptions())
}

function activeSubscriptionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...subscriptionsKey, 'active', { page }],
    queryFn: ({ signal }) => fetchPage('GET /api/admin/subscriptions', { query: { page }, signal }),
  })
}

export function useActiveSubscriptions(page: number) {
  return useQuery({ ...activeSubscriptionsQueryOptions(page), placeholderData: keepPreviousData })
}
