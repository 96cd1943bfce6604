import { Avatar } from '@/components/ui/Avatar'
import { PersonLink } from '@/components/ui/MemberName'
import { formatDate } from '@/lib/dates'
import type { PastSponsor } from '@/lib/api-types.gen'

/** The sponsors of the member's completed deals (read-only): the list cannot be made up. */
export function PastSponsors({ sponsors, headingLevel = 2 }: { sponsors: PastSponsor[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <section aria-labelledby="kit-past-sponsors" className="break-inside-avoid">
      <Heading id="kit-past-sponsors" className="text-base font-semibold">
        Past sponsors
      </Heading>
      <p className="mt-1 text-sm text-base-content/75">
        From completed deals on SponsorBridge: nobody can add one by hand, and sponsors who chose not to be listed are left out.
      </p>
      {sponsors.length === 0 ? (
        <p className="mt-2 text-sm text-base-content/75">No past sponsors yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 print:grid-cols-2">
          {sponsors.map((s) => (
            <li key={s.person.id || s.person.username} className="flex items-center gap-3 rounded-field border border-base-300 p-2.5">
              <Avatar src={s.person.avatar || undefined} name={s.person.displayName} size="sm" />
              <span className="min-w-0">
                <PersonLink person={s.person} />
                <span className="block text-xs text-base-content/75">
                  {s.deals === 1 ? '1 completed deal' : `${s.deals} completed deals`} · last {formatDate(s.lastCompletedAt)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
