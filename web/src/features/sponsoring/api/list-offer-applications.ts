import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

export const applicationSorts = ['newest', 'match', 'reliability', 'audience'] as const
export type ApplicationSort = (typeof applicationSorts)[number]
export const applicationStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const
export type ApplicationStatusFilter = (typeof applicationStatuses)[number]

/** What the poster's applications view asks for (kept in its URL). */
export interface OfferApplicationsFilter {
  /** Empty: every status but withdrawn (the server's default). */
  status: ApplicationStatusFilter | ''
  shortlisted: boolean
  sort: ApplicationSort
}

/**
 * Everything cached about one offer's applications (its pages under every filter, its compare): what
 * the shortlist updates in place. Under queryKeys.applications, so a realtime `application`
 * notification (a new one) and every decision refresh it with the rest.
 */
export function offerApplicationsPrefix(offerId: string) {
  return [...queryKeys.applications, 'offer', offerId] as const
}

function offerApplicationsQueryOptions(offerId: string, filter: OfferApplicationsFilter) {
  return infiniteQueryOptions({
    queryKey: [...offerApplicationsPrefix(offerId), 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      fetchPage('GET /api/sponsorships/{id}/applications', {
        params: { id: offerId },
        query: { status: filter.status, shortlisted: filter.shortlisted ? 'true' : undefined, sort: filter.sort, page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })
}

/** The poster's applications of one offer, 20 a page; a new filter keeps the old cards on screen until it answers. */
export function useOfferApplications(offerId: string, filter: OfferApplicationsFilter) {
  return useInfiniteQuery({ ...offerApplicationsQueryOptions(offerId, filter), placeholderData: keepPreviousData })
}
