import { asSponsorship, asSponsorshipRequest, type ListingKind, type Sponsorship, type SponsorshipRequest } from '@/lib/listing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { listingFilterFields, listingKinds, type MatchAnswer as MatchWire } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** docs/api/matches-and-alerts.md, "Matches": the generated answer, its listing (of the other kind) narrowed as lib/listing.ts does. */
export type MatchAnswer = Omit<MatchWire, 'listing'> & { listing: Sponsorship | SponsorshipRequest }

type FlagField = Extract<(typeof listingFilterFields)[number], { value: 'flag' }>

/** The flag fields (verified posters, reliable posters): the matches route's only filter (docs/api/matches-and-alerts.md). */
const flags = listingFilterFields.filter((f): f is FlagField => f.value === 'flag')

/** Which posters' matches: the verified ones, the reliable ones, or both, by the flag fields' parameters. */
type PosterMarks = Partial<Record<FlagField['param'], boolean>>

function matchesQueryOptions(kind: ListingKind, id: string, only: PosterMarks) {
  return queryOptions({
    queryKey: [...queryKeys.matches, kind, id, ...flags.map((f) => !!only[f.param])],
    queryFn: async ({ signal }): Promise<MatchAnswer[]> => {
      const matches = await api(`GET ${listingKinds[kind].api}/{id}/matches` as const, {
        params: { id },
        query: Object.fromEntries(flags.map((f) => [f.param, only[f.param] ? 'true' : undefined])),
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
