import { listingRoutes, type ListingKind, type Sponsorship, type SponsorshipRequest } from '@/lib/listing'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'

/** docs/api/matches-and-alerts.md, "Matches". The listing is of the other kind. */
export interface MatchAnswer {
  listing: Sponsorship | SponsorshipRequest
  reasons: string[]
  why: string
}

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
