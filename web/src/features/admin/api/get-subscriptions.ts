import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { fetchPage } from '@/lib/list-page'
import type { ActiveSubscription, SubscriptionsSummary } from '../types'
import { queryKeys } from '@/lib/query-keys'

const subscriptionsKey = [...queryKeys.admin, 'subscriptions'] as const

function subscriptionsSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...subscriptionsKey, 'summary'],
    queryFn: ({ signal }) => api.get<SubscriptionsSummary>('/api/admin/subscriptions/summary', undefined, signal),
  })
}

export function useSubscriptionsSummary() {
  return useQuery(subscriptionsSummaryQueryOptions())
}

function activeSubscriptionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...subscriptionsKey, 'active', { page }],
    queryFn: ({ signal }) => fetchPage<ActiveSubscription>('/api/admin/subscriptions', { page }, signal),
  })
}

export function useActiveSubscriptions(page: number) {
  return useQuery({ ...activeSubscriptionsQueryOptions(page), placeholderData: keepPreviousData })
}
