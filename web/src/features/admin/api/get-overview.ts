import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Overview } from '../types'
import { queryKeys } from '@/lib/query-keys'

export const overviewKey = [...queryKeys.admin, 'overview'] as const

function overviewQueryOptions() {
  return queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => api.get<Overview>('/api/admin/overview', undefined, signal),
  })
}

export function useOverview() {
  return useQuery(overviewQueryOptions())
}
