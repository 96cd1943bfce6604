import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import type { Application } from '@/lib/api-types.gen'

/** Prefix of every applications query: apply, accept and decline invalidate it. */
export const applicationsKey = ['applications'] as const

interface ApplicationsFilter {
  role: 'sent' | 'received'
  sponsorshipId?: string
}

function applicationsQueryOptions(filter: ApplicationsFilter) {
  return queryOptions({
    queryKey: [...applicationsKey, filter.role, filter.sponsorshipId ?? ''],
    queryFn: ({ signal }) =>
      fetchPage<Application>('/api/applications', { role: filter.role, sponsorshipId: filter.sponsorshipId }, signal).then((p) => p.items),
  })
}

export function useApplications(filter: ApplicationsFilter, enabled = true) {
  return useQuery({ ...applicationsQueryOptions(filter), enabled })
}
