import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Overview } from '../types'
import { adminKey } from './admin-key'

export const overviewKey = [...adminKey, 'overview'] as const

function overviewQueryOptions() {
  return queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => api.get<Overview>('/api/admin/overview', undefined, signal),
  })
}

export function useOverview() {
  return useQuery(overviewQueryOptions())
}
