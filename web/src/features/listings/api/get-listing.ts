import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { kindOfSegment, type Listing, type Sponsorship, type SponsorshipRequest } from '@/lib/listing'
import { queryKeys } from '@/lib/query-keys'
import { listingKinds } from '@/lib/api-types.gen'

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
            item: await api.get<SponsorshipRequest>(`${listingKinds.requests.api}/${encodeURIComponent(id)}`, undefined, signal),
          }
        : {
            kind: 'sponsorships',
            item: await api.get<Sponsorship>(`${listingKinds.sponsorships.api}/${encodeURIComponent(id)}`, undefined, signal),
          },
  })
}
