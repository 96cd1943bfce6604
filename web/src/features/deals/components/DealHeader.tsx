import { Link } from 'react-router'
import { PersonLink } from '@/components/ui/MemberName'
import { InfoIcon } from '@/components/ui/icons'
import type { Deal } from '@/lib/api-types.gen'
import { formatDate, formatDateTime } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { kindOfApiSegment } from '@/lib/listing'
import { listingPath } from '@/lib/paths'
import { listingDeletedLabel, moneyNote, statusHelp, statusLabels, stepOrder } from '../texts'
import { DealStatusBadge } from './DealStatusBadge'

/** The deal's listing, amount and members, the steps it went through, and what happens next. */
export function DealHeader({ deal }: { deal: Deal }) {
  const s = deal.status
  const current = stepOrder.indexOf(s)
  const { tier, holdUntil } = deal
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words">
          {deal.listing.deleted ? (
            // The listing is gone (its poster deleted it or their account): no link to a page not found.
            deal.listing.title
          ) : (
            <Link to={listingPath(kindOfApiSegment(deal.listing.kind), deal.listing.id)} className="link link-hover">
              {deal.listing.title}
            </Link>
          )}
        </h1>
        {deal.listing.deleted && <span className="badge badge-ghost">{listingDeletedLabel}</span>}
        <DealStatusBadge status={s} />
      </div>
      <p className="text-base-content/80">
        <span className="text-lg font-semibold text-base-content">{formatUsd(deal.amount)}</span> from <PersonLink person={deal.sponsor} />{' '}
        (sponsor) to <PersonLink person={deal.recipient} /> (recipient) · opened {formatDate(deal.createdAt)}
      </p>
      {tier && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="deal-package">
          <span>
            Package: <span className="font-semibold">{tier.name}</span>
          </span>
          {holdUntil && <span className="badge badge-warning badge-soft">Slot held until {formatDateTime(holdUntil)}</span>}
        </p>
      )}
      {current >= 0 && (
        <ul className="steps steps-horizontal w-full text-xs" aria-label="Steps of the deal">
          {stepOrder.map((st, i) => (
            <li key={st} className={`step ${i <= current ? 'step-primary' : ''}`} aria-current={i === current ? 'step' : undefined}>
              {statusLabels[st]}
            </li>
          ))}
        </ul>
      )}
      <p className="flex items-start gap-2 rounded-box bg-base-200 px-4 py-3 text-sm" data-testid="deal-next">
        <InfoIcon className="mt-0.5 size-4 shrink-0" />
        <span>
          {statusHelp[s]} {s === 'agreed' || s === 'negotiating' ? moneyNote : ''}
        </span>
      </p>
    </header>
  )
}
