import { Button } from '@/components/ui/Button'
import { ShieldIcon } from '@/components/ui/icons'
import type { Deal } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { decidedTexts } from '../texts'

interface NoticeProps {
  deal: Deal
  meId: string
  otherName: string
}

/**
 * What ended or holds up the deal, above its steps: the administrators' decision, a cancellation,
 * a dispute (with "Add your side"), a request to cancel after the money moved (with "Accept and cancel").
 */
export function DealNotices({
  deal,
  meId,
  otherName,
  onAnswer,
  onAcceptCancel,
}: NoticeProps & { onAnswer: () => void; onAcceptCancel: () => void }) {
  const s = deal.status
  // An administrator ended a dispute (POST /api/admin/deals/{id}/resolve): the deal's first fact.
  const decided = deal.resolution !== '' && (s === 'completed' || s === 'cancelled')
  const moneyMoved = s === 'funded' || s === 'delivered'
  return (
    <>
      {decided && <Decided deal={deal} />}
      {s === 'cancelled' && !decided && (
        <section className="alert alert-warning" role="status">
          <span>
            {/* Cancelled by nobody: the hold job ended a package's hold (docs/api/packages.md, "Holds"). */}
            {deal.cancelledBy === ''
              ? `Cancelled on ${formatDate(deal.cancelledAt)}. Reason: ${deal.cancelReason}`
              : `Cancelled on ${formatDate(deal.cancelledAt)} by ${deal.cancelledBy === meId ? 'you' : otherName}. Reason: ${deal.cancelReason}`}
          </span>
        </section>
      )}
      {s === 'disputed' && <Dispute deal={deal} meId={meId} otherName={otherName} onAnswer={onAnswer} />}
      {moneyMoved && deal.cancelRequestedBy && (
        <section className="alert" role="status">
          <span>
            {deal.cancelRequestedBy === meId ? 'You asked' : `${otherName} asked`} to cancel: {deal.cancelRequestReason}
            {deal.cancelRequestedBy === meId ? ` Waiting for ${otherName} to answer.` : ''}
          </span>
          {deal.cancelRequestedBy !== meId && (
            <Button size="sm" variant="outline" onClick={onAcceptCancel}>
              Accept and cancel
            </Button>
          )}
        </section>
      )}
    </>
  )
}

function Decided({ deal }: { deal: Deal }) {
  return (
    <section
      className="alert items-start border-info bg-base-100 text-base-content"
      role="status"
      aria-labelledby="decided-heading"
      data-testid="deal-decided"
    >
      <ShieldIcon className="mt-0.5 size-5 shrink-0 text-info" />
      <div className="space-y-1">
        <h2 id="decided-heading" className="font-semibold">
          {decidedTexts.heading}
        </h2>
        <p className="text-sm">
          {deal.status === 'completed'
            ? decidedTexts.completed(formatDate(deal.completedAt))
            : decidedTexts.cancelled(formatDate(deal.cancelledAt))}
        </p>
        <p className="text-sm break-words whitespace-pre-line">
          <span className="font-medium">{decidedTexts.note}</span> {deal.resolution}
        </p>
      </div>
    </section>
  )
}

function Dispute({ deal, meId, otherName, onAnswer }: NoticeProps & { onAnswer: () => void }) {
  return (
    <section className="card border border-warning bg-base-100" aria-labelledby="dispute-heading">
      <div className="card-body gap-2 p-5">
        <h2 id="dispute-heading" className="text-lg font-semibold">
          Dispute
        </h2>
        <p className="text-sm">
          <span className="font-medium">{deal.disputedBy === meId ? 'You' : otherName}:</span> {deal.disputeReason}
        </p>
        {deal.disputeResponse ? (
          <p className="text-sm">
            <span className="font-medium">{deal.disputedBy === meId ? otherName : 'You'}:</span> {deal.disputeResponse}
          </p>
        ) : deal.disputedBy !== meId ? (
          <div>
            <Button size="sm" onClick={onAnswer}>
              Add your side
            </Button>
          </div>
        ) : (
          <p className="text-sm text-base-content/75">Waiting for {otherName} to add their side.</p>
        )}
      </div>
    </section>
  )
}
