import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

interface ApplicationsFilter {
  role: 'sent' | 'received'
  sponsorshipId?: string
}

function applicationsQueryOptions(filter: ApplicationsFilter) {
  return queryOptions({
    queryKey: [...queryKeys.applications, filter.role, filter.sponsorshipId ?? ''],
    queryFn: ({ signal }) =>
      fetchPage('GET /api/applications', { query: { role: filter.role, sponsorshipId: filter.sponsorshipId }, signal }).then(
        (p) => p.items,
      ),
  })
}

export function useApplications(filter: ApplicationsFilter, enabled = true) {
  return useQuery({ ...applicationsQueryOptions(filter), enabled })
}
