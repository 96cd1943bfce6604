import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { asSponsorship, asSponsorshipRequest, kindOfSegment, type Listing } from '@/lib/listing'
import { queryKeys } from '@/lib/query-keys'

/**
 * One listing by its page's kind segment ("sponsorships" | "requests"). `initial` (a card's copy)
 * shows at once; the server's answer replaces it, and so does every later change (the close,
 * sponsor and edit mutations invalidate the list keys this lives under).
 */
export function useListing(segment: string, id: string, initial?: Listing) {
  const kind = kindOfSegment(segment)
  const isRequest = kind === 'requests'
  const known = kind !== undefined
  return useQuery({
    ...listingQueryOptions(isRequest, id),
    enabled: known && id !== '',
    initialData: initial,
    initialDataUpdatedAt: 0, // stale at once: refetched when the dialog opens
  })
}

function listingQueryOptions(isRequest: boolean, id: string) {
  return queryOptions({
    // under the list keys: whatever refreshes the lists refreshes the page
    queryKey: [...(isRequest ? queryKeys.sponsorshipRequests : queryKeys.sponsorships), 'detail', id],
    queryFn: async ({ signal }): Promise<Listing> =>
      isRequest
        ? {
            kind: 'requests',
            item: asSponsorshipRequest(await api('GET /api/sponsorship-requests/{id}', { params: { id }, signal })),
          }
        : { kind: 'sponsorships', item: asSponsorship(await api('GET /api/sponsorships/{id}', { params: { id }, signal })) },
  })
}
