import { useSponsorshipRequests } from '@/features/listings/api/list-sponsorship-requests'
import { useSponsorships } from '@/features/listings/api/list-sponsorships'
import { EMPTY_FILTERS } from '@/features/listings/filters'
import type { ListingKind } from '@/lib/listing'
import { MATCH_RULE } from './MatchesSection'
import { MatchesSection } from './MatchesSection'

/** How many of the member's newest listings show their matches on the profile. */
const SHOWN = 4

/** The owner's profile: the best matches of each of their newest listings. */
export function OwnListingMatches({ userId }: { userId: string }) {
  const filters = { ...EMPTY_FILTERS, userId }
  const offers = useSponsorships(filters)
  const requests = useSponsorshipRequests(filters)
  const mine: { kind: ListingKind; id: string; title: string; created: string }[] = [
    ...(offers.data?.pages[0]?.items ?? []).map((i) => ({ kind: 'sponsorships' as const, id: i.id, title: i.title, created: i.createdAt })),
    ...(requests.data?.pages[0]?.items ?? [])
      .filter((i) => i.status === 'open')
      .map((i) => ({ kind: 'requests' as const, id: i.id, title: i.title, created: i.createdAt })),
  ]
    .sort((a, b) => b.created.localeCompare(a.created))
    .slice(0, SHOWN)
  if (offers.isPending || requests.isPending || mine.length === 0) return null
  return (
    <section aria-labelledby="own-matches-title" className="space-y-3">
      <div>
        <h2 id="own-matches-title" className="text-xl font-semibold">Matches for your listings</h2>
        <p className="mt-1 text-sm text-base-content/75">{MATCH_RULE}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {mine.map((l) => (
          <div key={l.id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <MatchesSection kind={l.kind} id={l.id} heading={`For “${l.title}”`} compact />
          </div>
        ))}
      </div>
    </section>
  )
}
