import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ListingFilters } from '../filters'
import { asSponsorshipRequest } from '@/lib/listing'
import { fetchListingPage, nextPageParam } from './list-page'
import { queryKeys } from '@/lib/query-keys'

function sponsorshipRequestsQueryOptions(filters: ListingFilters) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.sponsorshipRequests, 'list', filters],
    queryFn: ({ pageParam, signal }) => fetchListingPage('GET /api/sponsorship-requests', asSponsorshipRequest, filters, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: nextPageParam,
  })
}

/** While new filters load, the previous results stay on screen (dimmed by the panel). */
export function useSponsorshipRequests(filters: ListingFilters, enabled = true) {
  return useInfiniteQuery({ ...sponsorshipRequestsQueryOptions(filters), enabled, placeholderData: keepPreviousData })
}
