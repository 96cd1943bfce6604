import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { MemberName } from '@/components/ui/MemberName'
import { listingAmount, posterName } from '@/lib/listing'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import type { ModerationItem } from '../types'
import { kindLabel, reviewState, reviewStateClass, toListing } from './moderation-state'

interface ModerationRowProps {
  item: ModerationItem
  busy: boolean
  onOpen: () => void
  onApprove: () => void
  onReject: () => void
}

export function ModerationRow({ item, busy, onOpen, onApprove, onReject }: ModerationRowProps) {
  const { listing, reports } = item
  const state = reviewState(listing)
  const titleId = `moderation-${item.kind}-${listing.id}`
  return (
    <article
      aria-labelledby={titleId}
      data-testid="moderation-row"
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1.5">
          <h3 id={titleId} className="font-semibold break-words">
            <button type="button" className="link link-hover text-left" onClick={onOpen}>
              {listing.title}
            </button>
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge className="border-base-300 bg-base-200">{kindLabel(item.kind)}</Badge>
            <Badge className={reviewStateClass[state]}>{state}</Badge>
            {reports.count > 0 && <Badge className="border-error bg-error text-error-content">Reported ×{reports.count}</Badge>}
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/80">
            <MemberName name={posterName(listing)} verified={listing.poster?.isVerified ?? false} className="font-medium" />
            <span className="font-semibold text-primary">{formatUsd(listingAmount(toListing(item)))}</span>
            <span>Posted {formatDate(listing.createdAt)}</span>
          </p>
          {listing.rejectionReason && <p className="text-sm text-error">Rejected: {listing.rejectionReason}</p>}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onReject} disabled={busy}>
            Reject
          </Button>
          <Button size="sm" onClick={onApprove} loading={busy}>
            Approve
          </Button>
        </div>
      </div>
      {reports.reasons.length > 0 && (
        <div className="mt-3 rounded-field border border-error/30 bg-error/5 p-3">
          <h4 className="text-sm font-semibold text-error">Reports</h4>
          <ul className="mt-1 space-y-2 text-sm">
            {reports.reasons.map((r) => (
              <li key={r.id}>
                <p className="break-words whitespace-pre-line">“{r.reason}”</p>
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-base-content/75">
                  <MemberName
                    name={r.reporter?.displayName || r.reporter?.username || 'Deleted member'}
                    verified={r.reporter?.isVerified ?? false}
                  />
                  <span>{formatDate(r.createdAt)}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  )
}
