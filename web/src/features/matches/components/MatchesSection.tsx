import { useState } from 'react'
import { Link } from 'react-router'
import { Spinner } from '@/components/ui/Spinner'
import type { ClosedReason, ListingKind } from '@/lib/listing'
import { formatUsd } from '@/lib/money'
import { listingPath } from '@/lib/paths'
import { useMatches, type MatchAnswer } from '../api/get-matches'

/** The rule as members read it (docs/api/matches-and-alerts.md). */
export const MATCH_RULE =
  'A match shares a category, the offer covers at least half of the requested amount, the places agree (or either has none), and the request is open with its event still ahead.'

function amountOf(m: MatchAnswer): number {
  return 'amount' in m.listing ? m.listing.amount : m.listing.requestedAmount
}

/**
 * Why a closed listing shows no matches: the server matches open listings only (docs/api/matches-and-alerts.md),
 * so no match, and no alert of one, comes while it stays closed. Said instead of a promise of alerts.
 */
const closedMatchTexts: Record<ClosedReason, string> = {
  poster: 'This listing is closed, so it has no matches and no match alerts. Matches come back if it is reopened.',
  event_passed: 'The event date has passed, so this request has no matches and no match alerts.',
  sponsored: 'This request is fully sponsored, so it has no matches and no match alerts.',
  cap: 'This sponsorship has all the applications it takes: it takes new ones again when a place is free.',
}

/** A small labelled switch of the matches' poster conditions. */
function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-xs">
      <input type="checkbox" className="toggle toggle-primary toggle-xs" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}

interface MatchesSectionProps {
  kind: ListingKind
  id: string
  /** Heading level and wording for where it is shown. */
  heading?: string
  compact?: boolean
  /** Set when the listing is closed (the server's `closedReason`): no matches are asked for. */
  closedReason?: ClosedReason
  /** The viewer posted the listing: only its poster is told of a new match. */
  own?: boolean
}

/** A listing's best matches (up to five, best first) with why each matches. */
export function MatchesSection({ kind, id, heading = 'Best matches', compact = false, closedReason, own = false }: MatchesSectionProps) {
  const [verified, setVerified] = useState(false)
  const [reliable, setReliable] = useState(false)
  const matches = useMatches(kind, id, { verified, reliable }, !closedReason)
  const otherKind: ListingKind = kind === 'sponsorships' ? 'requests' : 'sponsorships'
  const headingId = `matches-${id}`
  return (
    <section
      aria-labelledby={headingId}
      data-testid="matches"
      className={compact ? '' : 'rounded-box border border-base-300 bg-base-200/50 p-4'}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {heading}
        </h3>
        {!closedReason && (
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            <Toggle label="Verified posters only" checked={verified} onChange={setVerified} />
            <Toggle label="Reliable posters only" checked={reliable} onChange={setReliable} />
          </div>
        )}
      </div>
      {!compact && <p className="mt-0.5 text-xs text-base-content/70">{MATCH_RULE}</p>}
      {closedReason ? (
        <p className="mt-2 text-sm text-base-content/75">{closedMatchTexts[closedReason]}</p>
      ) : matches.isPending ? (
        <div className="py-3">
          <Spinner label="Loading matches" />
        </div>
      ) : matches.isError ? (
        <p className="mt-2 text-sm text-error">Matches could not be loaded.</p>
      ) : matches.data.length === 0 ? (
        <p className="mt-2 text-sm text-base-content/75">
          {verified || reliable
            ? `No matches from ${verified && reliable ? 'verified, reliable' : verified ? 'verified' : 'reliable'} posters yet.`
            : 'No matches yet.'}
          {own && ` We will tell you when a matching ${otherKind === 'requests' ? 'request' : 'offer'} is posted.`}
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-base-300">
          {matches.data.map((m) => (
            <li key={m.listing.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <Link to={listingPath(otherKind, m.listing.id)} className="link link-hover font-medium break-words">
                  {m.listing.title}
                </Link>
                <p className="text-xs text-base-content/75">{m.why}</p>
              </div>
              <span className="shrink-0 text-sm font-semibold text-primary">{formatUsd(amountOf(m))}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
