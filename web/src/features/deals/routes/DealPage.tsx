import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useSession } from '@/features/auth/session'
import { Button } from '@/components/ui/Button'
import { PersonLink } from '@/components/ui/MemberName'
import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon, InfoIcon, ShieldIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError, errorMessage } from '@/lib/api'
import type { Deal } from '@/lib/api-types.gen'
import { formatDate, formatUsd } from '@/lib/format'
import { personName } from '@/lib/member'
import { listingPath, paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeal, useDealStep, type RunStep } from '../api/deals'
import { DEAL_REASON_MAX, DISPUTE_MAX } from '../schemas'
import { decidedTexts, listingDeletedLabel, moneyNote, statusHelp, statusLabels, stepOrder } from '../texts'
import { DealHistory } from '../components/DealHistory'
import { DealStatusBadge } from '../components/DealStatusBadge'
import { DeliverablesCard } from '../components/DeliverablesCard'
import { NextStep } from '../components/NextStep'
import { ReviewsCard } from '../components/ReviewsCard'
import { UpdatesCard } from '../components/UpdatesCard'

/** /deals/:id: one deal between a sponsor and a recipient, its deliverables, its steps and its history. */
export function DealPage() {
  const { id = '' } = useParams()
  const query = useDeal(id)
  const me = useSession().user
  useDocumentTitle(query.data ? `Deal: ${query.data.listing.title}` : 'Deal')

  let body
  if (query.isPending) {
    body = (
      <div className="flex items-center gap-3 py-10 text-base-content/75">
        <Spinner label="Loading the deal" className="loading-md" />
        <p>Loading the deal…</p>
      </div>
    )
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    body = missing ? (
      <section className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-6 text-center">
        <h1 className="text-2xl font-bold">Deal not found</h1>
        <p className="mt-2 text-base-content/80">Only the sponsor and the recipient of a deal can open it.</p>
      </section>
    ) : (
      <p role="alert" className="py-6 font-medium text-error">
        Error loading the deal. Please try again.
      </p>
    )
  } else if (me) {
    body = <DealView deal={query.data} meId={me.id} />
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-4 py-6 sm:px-6">
      <Link to={paths.profile} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeftIcon className="size-4" /> My profile
      </Link>
      {body}
    </div>
  )
}

/** Refusals after which the member may try the same step again. */
const retryable = new Set([0, 400, 413, 429, 503])

type Open = null | 'cancel' | 'dispute' | 'answer'

function DealView({ deal, meId }: { deal: Deal; meId: string }) {
  const step = useDealStep(deal.id)
  const [open, setOpen] = useState<Open>(null)
  const sponsor = deal.sponsor.id === meId
  const other = sponsor ? deal.recipient : deal.sponsor
  const otherName = personName(other)
  const s = deal.status
  const changeable = s === 'negotiating' || s === 'agreed' || s === 'funded'
  const moneyMoved = s === 'funded' || s === 'delivered'

  /** Runs a step; a refusal is a toast in the server's words (a field error goes back to its dialog). */
  const run: RunStep = async (input, success, onFieldError) => {
    try {
      await step.mutateAsync(input)
      toast({ title: success, variant: 'success' })
      return true
    } catch (error) {
      if (error instanceof ApiError && onFieldError && Object.keys(error.fieldErrors).length > 0) {
        for (const [field, message] of Object.entries(error.fieldErrors)) onFieldError(field, message)
        return false
      }
      toast({ title: 'That did not go through', description: errorMessage(error), variant: 'destructive' })
      // A dialog stays open, with what was written and chosen, for what may go through on a retry
      // (no connection, a body too large, too many at once, the server busy with pictures); a step the
      // deal has moved past closes it.
      return !(error instanceof ApiError && retryable.has(error.status))
    }
  }

  // The steps that take the member's words: one dialog, worded for the step.
  const asking = moneyMoved && !deal.cancelRequestedBy
  // the other side asked after the money moved: this member's cancel is the answer that ends the deal
  const accepting = moneyMoved && !!deal.cancelRequestedBy && deal.cancelRequestedBy !== meId
  const reasonSteps = {
    cancel: {
      step: 'cancel',
      title: accepting ? 'Accept the cancellation' : asking ? 'Ask to cancel' : 'Cancel this deal',
      description: accepting
        ? `${otherName} asked to cancel. Once you accept, the deal is cancelled for you both; ${otherName} reads your words.`
        : asking
          ? `The money has moved, so ${otherName} must agree. Say why.`
          : `${otherName} reads your reason.${deal.origin === 'pledge' && sponsor ? ' Your pledge is withdrawn.' : ''}`,
      label: accepting ? 'Your answer' : 'Why?',
      requiredMessage: 'Say why you are cancelling',
      max: DEAL_REASON_MAX,
      submitLabel: asking ? 'Ask to cancel' : accepting ? 'Accept and cancel' : 'Cancel deal',
      success: asking ? 'Cancellation asked' : 'Deal cancelled',
    },
    dispute: {
      step: 'dispute',
      title: 'Raise a dispute',
      description: `The administrators read your words and ${otherName}'s, and decide.`,
      label: 'What went wrong?',
      requiredMessage: 'Tell the administrators what went wrong',
      max: DISPUTE_MAX,
      submitLabel: 'Raise dispute',
      success: 'Dispute raised',
    },
    answer: {
      step: 'dispute/answer',
      title: 'Add your side',
      description: 'The administrators read both sides before they decide.',
      label: 'Your side',
      requiredMessage: 'Tell the administrators your side',
      max: DISPUTE_MAX,
      submitLabel: 'Send',
      success: 'Your side is with the administrators',
    },
  } as const
  const reasonStep = open === 'cancel' || open === 'dispute' || open === 'answer' ? open : null
  const said = reasonSteps[reasonStep ?? 'cancel']

  const current = stepOrder.indexOf(s)
  // An administrator ended a dispute (POST /api/admin/deals/{id}/resolve): the deal's first fact.
  const decided = deal.resolution !== '' && (s === 'completed' || s === 'cancelled')

  return (
    <>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-words">
            {deal.listing.deleted ? (
              // The listing is gone (its poster deleted it or their account): no link to a page not found.
              deal.listing.title
            ) : (
              <Link
                to={listingPath(deal.listing.kind === 'sponsorships' ? 'sponsorships' : 'requests', deal.listing.id)}
                className="link link-hover"
              >
                {deal.listing.title}
              </Link>
            )}
          </h1>
          {deal.listing.deleted && <span className="badge badge-ghost">{listingDeletedLabel}</span>}
          <DealStatusBadge status={s} />
        </div>
        <p className="text-base-content/80">
          <span className="text-lg font-semibold text-base-content">{formatUsd(deal.amount)}</span> from{' '}
          <PersonLink person={deal.sponsor} /> (sponsor) to <PersonLink person={deal.recipient} /> (recipient) · opened{' '}
          {formatDate(deal.createdAt)}
        </p>
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

      {decided && (
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
              {s === 'completed'
                ? decidedTexts.completed(formatDate(deal.completedAt))
                : decidedTexts.cancelled(formatDate(deal.cancelledAt))}
            </p>
            <p className="text-sm break-words whitespace-pre-line">
              <span className="font-medium">{decidedTexts.note}</span> {deal.resolution}
            </p>
          </div>
        </section>
      )}
      {s === 'cancelled' && !decided && (
        <section className="alert alert-warning" role="status">
          <span>
            Cancelled on {formatDate(deal.cancelledAt)} by {deal.cancelledBy === meId ? 'you' : otherName}. Reason: {deal.cancelReason}
          </span>
        </section>
      )}
      {s === 'disputed' && (
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
                <Button size="sm" onClick={() => setOpen('answer')}>
                  Add your side
                </Button>
              </div>
            ) : (
              <p className="text-sm text-base-content/75">Waiting for {otherName} to add their side.</p>
            )}
          </div>
        </section>
      )}
      {moneyMoved && deal.cancelRequestedBy && (
        <section className="alert" role="status">
          <span>
            {deal.cancelRequestedBy === meId ? 'You asked' : `${otherName} asked`} to cancel: {deal.cancelRequestReason}
            {deal.cancelRequestedBy === meId ? ` Waiting for ${otherName} to answer.` : ''}
          </span>
          {deal.cancelRequestedBy !== meId && (
            <Button size="sm" variant="outline" onClick={() => setOpen('cancel')}>
              Accept and cancel
            </Button>
          )}
        </section>
      )}

      <NextStep deal={deal} sponsor={sponsor} otherName={otherName} pending={step.isPending} run={run} />

      <DeliverablesCard deal={deal} meId={meId} otherName={otherName} pending={step.isPending} run={run} />

      {(changeable || s === 'delivered') && (
        <section aria-labelledby="end-heading" className="flex flex-wrap items-center gap-3">
          <h2 id="end-heading" className="sr-only">
            Cancel or dispute
          </h2>
          {!(moneyMoved && deal.cancelRequestedBy) && (
            <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')}>
              {moneyMoved ? 'Ask to cancel' : 'Cancel deal'}
            </Button>
          )}
          {moneyMoved && (
            <Button size="sm" variant="ghost" onClick={() => setOpen('dispute')}>
              Raise a dispute
            </Button>
          )}
        </section>
      )}

      <ReviewsCard deal={deal} meId={meId} otherName={otherName} />

      <UpdatesCard deal={deal} sponsor={sponsor} />

      <DealHistory events={deal.events ?? []} />

      <ReasonDialog
        open={reasonStep !== null}
        onClose={() => setOpen(null)}
        title={said.title}
        description={said.description}
        label={said.label}
        requiredMessage={said.requiredMessage}
        max={said.max}
        submitLabel={said.submitLabel}
        closeLabel="Back"
        pending={step.isPending}
        onSubmit={(reason, setError) => run({ step: said.step, body: { reason } }, said.success, (_, m) => setError(m))}
      />
    </>
  )
}
