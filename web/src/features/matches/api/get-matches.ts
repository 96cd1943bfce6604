import {
  asSponsorship,
  asSponsorshipRequest,
  listingRoutes,
  type ListingKind,
  type Sponsorship,
  type SponsorshipRequest,
} from '@/lib/listing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { MatchAnswer as MatchWire } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** docs/api/matches-and-alerts.md, "Matches": the generated answer, its listing (of the other kind) narrowed as lib/listing.ts does. */
export type MatchAnswer = Omit<MatchWire, 'listing'> & { listing: Sponsorship | SponsorshipRequest }

const routes = listingRoutes

/** Which posters' matches: the verified ones, the reliable ones, or both (docs/api/matches-and-alerts.md). */
interface PosterMarks {
  verified?: boolean
  reliable?: boolean
}

function matchesQueryOptions(kind: ListingKind, id: string, only: PosterMarks) {
  return queryOptions({
    queryKey: [...queryKeys.matches, kind, id, !!only.verified, !!only.reliable],
    queryFn: async ({ signal }): Promise<MatchAnswer[]> => {
      const matches = await api(`GET ${routes[kind]}/{id}/matches` as const, {
        params: { id },
        query: { verified: only.verified ? 'true' : undefined, reliable: only.reliable ? 'true' : undefined },
        signal,
      })
      // the matches of an offer are requests, and the other way round
      const read = kind === 'sponsorships' ? asSponsorshipRequest : asSponsorship
      return matches.map((m) => ({ ...m, listing: read(m.listing) }))
    },
    staleTime: 30_000,
  })
}

export function useMatches(kind: ListingKind, id: string, only: PosterMarks = {}, enabled = true) {
  return useQuery({ ...matchesQueryOptions(kind, id, only), enabled })
}
