import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { SubscriptionsOverview } from '../types'
import { adminKey } from './admin-key'

export function subscriptionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...adminKey, 'subscriptions', { page }],
    queryFn: ({ signal }) => api.get<SubscriptionsOverview>('/api/admin/subscriptions', { page }, signal),
  })
}

export function useSubscriptionsOverview(page: number) {
  return useQuery({ ...subscriptionsQueryOptions(page), placeholderData: keepPreviousData })
}
