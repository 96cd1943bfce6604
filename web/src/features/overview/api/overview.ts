import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/deals/overview: under the deals' key, so a deal's step refreshes it too. */
function overviewQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.deals, 'overview'],
    queryFn: ({ signal }) => api('GET /api/deals/overview', { signal }),
  })
}

/** The member's money given and received, by month and category, reach and on-time share (docs/api/proof-of-value.md). */
export function useOverview() {
  return useQuery(overviewQueryOptions())
}
