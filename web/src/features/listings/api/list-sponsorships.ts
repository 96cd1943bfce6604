import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ListingFilters } from '../filters'
import { asSponsorship } from '@/lib/listing'
import { fetchListingPage, nextPageParam } from './list-page'
import { queryKeys } from '@/lib/query-keys'

function sponsorshipsQueryOptions(filters: ListingFilters) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.sponsorships, 'list', filters],
    queryFn: ({ pageParam, signal }) => fetchListingPage('GET /api/sponsorships', asSponsorship, filters, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: nextPageParam,
  })
}

/** While new filters load, the previous results stay on screen (dimmed by the panel). */
export function useSponsorships(filters: ListingFilters, enabled = true) {
  return useInfiniteQuery({ ...sponsorshipsQueryOptions(filters), enabled, placeholderData: keepPreviousData })
}
