import { type ListingKind, type Sponsorship, type SponsorshipRequest } from '@/lib/listing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { listingKinds, type listingFilterFields, type MatchAnswer as MatchWire } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** docs/api/matches-and-alerts.md, "Matches": the generated answer, its listing (of the other kind) narrowed as lib/listing.ts does. */
export type MatchAnswer = Omit<MatchWire, 'listing'> & { listing: Sponsorship | SponsorshipRequest }

/** Which posters' matches: the verified ones, the reliable ones, or both (docs/api/matches-and-alerts.md). */
interface PosterMarks {
  verified?: boolean
  reliable?: boolean
}

function matchesQueryOptions(kind: ListingKind, id: string, only: PosterMarks) {
  return queryOptions({
    queryKey: [...queryKeys.matches, kind, id, !!only.verified, !!only.reliable],
    queryFn: ({ signal }) =>
      api.get<MatchAnswer[]>(
        `${listingKinds[kind].api}/${encodeURIComponent(id)}/matches`,
        { verified: only.verified ? 'true' : undefined, reliable: only.reliable ? 'true' : undefined } satisfies Partial<
          Record<(typeof listingFilterFields)[number]['param'], string>
        >,
        signal,
      ),
    staleTime: 30_000,
  })
}

export function useMatches(kind: ListingKind, id: string, only: PosterMarks = {}, enabled = true) {
  return useQuery({ ...matchesQueryOptions(kind, id, only), enabled })
}
