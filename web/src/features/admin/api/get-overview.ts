import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const overviewKey = [...queryKeys.admin, 'overview'] as const

function overviewQueryOptions() {
  return queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => api('GET /api/admin/overview', { signal }),
  })
}

export function useOverview() {
  return useQuery(overviewQueryOptions())
}
