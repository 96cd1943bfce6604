import { listingRoutes, type ListingKind, type Sponsorship, type SponsorshipRequest } from '@/lib/listing'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { MatchAnswer as MatchWire } from '@/lib/api-types.gen'

/** docs/api/matches-and-alerts.md, "Matches": the generated answer, its listing (of the other kind) narrowed as lib/listing.ts does. */
export type MatchAnswer = Omit<MatchWire, 'listing'> & { listing: Sponsorship | SponsorshipRequest }

const routes = listingRoutes

export const matchesKey = (kind: ListingKind, id: string, verified: boolean) => ['matches', kind, id, verified] as const

export function useMatches(kind: ListingKind, id: string, verified = false, enabled = true) {
  return useQuery({
    queryKey: matchesKey(kind, id, verified),
    queryFn: ({ signal }) =>
      api.get<MatchAnswer[]>(`${routes[kind]}/${encodeURIComponent(id)}/matches`, verified ? { verified: 'true' } : undefined, signal),
    enabled,
    staleTime: 30_000,
  })
}
