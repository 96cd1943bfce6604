import { Link } from 'react-router'
import { InfoIcon } from '@/components/ui/icons'
import { criteriaSummary, eligibilityNoteId, eligibilityOf, profileWouldHelp } from '@/lib/eligibility'
import type { Sponsorship } from '@/lib/listing'
import { settingsEventsPath } from '@/lib/paths'

/** "Who can apply: Pune, Mumbai · Education · …": an offer's rules, for everyone. */
export function CriteriaSummary({ item, className = '' }: { item: Sponsorship; className?: string }) {
  const summary = criteriaSummary(item)
  if (!summary) return null
  return (
    <p className={`text-xs text-base-content/75 ${className}`} data-testid="criteria-summary">
      {summary}
    </p>
  )
}

/**
 * Why the signed-in member cannot apply (docs/api/eligibility.md, "Who may apply"): the first
 * sentence on a card; all of them in the detail views, with a link to "Your events" when the
 * profile could change the answer. The server answers none for visitors and for the poster.
 */
export function EligibilityNote({ item, detail = false }: { item: Sponsorship; detail?: boolean }) {
  // A cap reached is said to everyone by the closed-reason note: not twice.
  const issues = eligibilityOf(item).filter((i) => i.code !== 'cap' || item.closedReason !== 'cap')
  if (!issues.length) return null
  const id = eligibilityNoteId(item.id, detail)
  if (!detail) {
    return (
      <p id={id} className="flex items-start gap-1.5 text-sm font-medium" data-testid="eligibility-note">
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>{issues[0].message}</span>
      </p>
    )
  }
  return (
    <div id={id} className="rounded-box border border-warning/50 bg-warning/10 px-4 py-3 text-sm" data-testid="eligibility-note">
      <p className="flex items-center gap-1.5 font-semibold">
        <InfoIcon className="size-4 text-warning" aria-hidden="true" /> You cannot apply to this sponsorship
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {issues.map((i) => (
          <li key={i.code}>{i.message}</li>
        ))}
      </ul>
      {profileWouldHelp(issues) && (
        <Link to={settingsEventsPath} className="link link-primary mt-1 inline-block">
          Update your events
        </Link>
      )}
    </div>
  )
}
