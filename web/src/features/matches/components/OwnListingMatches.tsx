import { EmailNeededNote } from '@/components/ui/EmailNeededNote'
import { useSession } from '@/features/auth/session'
import type { ListingKind } from '@/lib/listing'
import { MATCH_RULE, MatchesSection } from './MatchesSection'

/** The owner's profile: the best matches of each of their newest listings (undefined while they load). */
export function OwnListingMatches({ listings: mine }: { listings: { kind: ListingKind; id: string; title: string }[] | undefined }) {
  const { user } = useSession()
  if (!mine || mine.length === 0) return null
  return (
    <section aria-labelledby="own-matches-title" className="space-y-3">
      <div>
        <h2 id="own-matches-title" className="text-xl font-semibold">
          Matches for your listings
        </h2>
        <p className="mt-1 text-sm text-base-content/75">{MATCH_RULE}</p>
        {/* a new match is a notification, and an e-mail (the matches topic) only with a confirmed address */}
        {user && !user.hasProvenEmail && <EmailNeededNote pendingEmail={user.pendingEmail} className="mt-2" />}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {mine.map((l) => (
          <div key={l.id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <MatchesSection kind={l.kind} id={l.id} heading={`For “${l.title}”`} compact own />
          </div>
        ))}
      </div>
    </section>
  )
}
