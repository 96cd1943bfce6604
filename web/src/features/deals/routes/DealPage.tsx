import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useSession } from '@/features/auth/session'
import { Button } from '@/components/ui/Button'
import { PersonLink } from '@/components/ui/MemberName'
import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon, CheckIcon, ExternalLinkIcon, InfoIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError, errorMessage } from '@/lib/api'
import type { Deal, Deliverable } from '@/lib/api-types.gen'
import { formatDate, formatDateTime, formatUsd } from '@/lib/format'
import { limits } from '@/lib/limits.gen'
import { personName } from '@/lib/member'
import { listingPath, paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeal, useDealStep, usePostUpdate, type DealStep } from '../api/deals'
import { DeliverablesDialog } from '../components/DeliverablesDialog'
import { ProofDialog } from '../components/ProofDialog'
import { DEAL_REASON_MAX, DISPUTE_MAX } from '../schemas'
import { moneyNote, statusHelp, statusLabels, stepOrder } from '../texts'
import { DealHistory } from '../components/DealHistory'
import { DealStatusBadge } from '../components/DealStatusBadge'
import { NextStep } from '../components/NextStep'
import { ReviewsCard } from '../components/ReviewsCard'

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

type Open = null | 'propose' | 'cancel' | 'dispute' | 'answer' | 'update'

function DealView({ deal, meId }: { deal: Deal; meId: string }) {
  const step = useDealStep(deal.id)
  const postUpdate = usePostUpdate(deal.id, deal.listing.id)
  const [open, setOpen] = useState<Open>(null)
  const [delivering, setDelivering] = useState<Deliverable | null>(null)
  const sponsor = deal.sponsor.id === meId
  const other = sponsor ? deal.recipient : deal.sponsor
  const otherName = personName(other)
  const s = deal.status
  const changeable = s === 'negotiating' || s === 'agreed' || s === 'funded'
  const moneyMoved = s === 'funded' || s === 'delivered'

  /** Runs a step; a refusal is a toast in the server's words (a field error goes back to its dialog). */
  async function run(input: DealStep, success: string, onFieldError?: (field: string, message: string) => void): Promise<boolean> {
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
      return !(error instanceof ApiError && error.status === 400)
    }
  }

  // The steps that take the member's words: one dialog, worded for the step.
  const asking = moneyMoved && !deal.cancelRequestedBy
  const reasonSteps = {
    cancel: {
      step: 'cancel',
      title: moneyMoved ? (deal.cancelRequestedBy ? 'Accept the cancellation' : 'Ask to cancel') : 'Cancel this deal',
      description: moneyMoved
        ? `The money has moved, so ${otherName} must agree. Say why.`
        : `${otherName} reads your reason.${deal.origin === 'pledge' && sponsor ? ' Your pledge is withdrawn.' : ''}`,
      label: 'Why?',
      requiredMessage: 'Say why you are cancelling',
      max: DEAL_REASON_MAX,
      submitLabel: asking ? 'Ask to cancel' : 'Cancel deal',
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

  const proposalMine = deal.proposedBy === meId
  const current = stepOrder.indexOf(s)

  return (
    <>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-words">
            <Link
              to={listingPath(deal.listing.kind === 'sponsorships' ? 'sponsorships' : 'requests', deal.listing.id)}
              className="link link-hover"
            >
              {deal.listing.title}
            </Link>
          </h1>
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

      {s === 'cancelled' && (
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

      <section aria-labelledby="deliverables-heading" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="deliverables-heading" className="text-lg font-semibold">
              Deliverables
            </h2>
            {changeable && (
              <Button size="sm" variant="outline" onClick={() => setOpen('propose')}>
                {deal.deliverables.length > 0 ? 'Propose a change' : 'Propose deliverables'}
              </Button>
            )}
          </div>
          {deal.deliverables.length === 0 ? (
            <p className="text-sm text-base-content/75">Nothing agreed yet.</p>
          ) : (
            <ul className="divide-y divide-base-300" data-testid="deliverables">
              {deal.deliverables.map((d) => (
                <li key={d.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="deliverable">
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium break-words">
                      {d.doneAt && <CheckIcon className="mr-1 inline size-4 text-success" aria-label="Delivered" />}
                      {d.title}
                    </p>
                    <p className="text-sm text-base-content/75">
                      {d.due ? `Due ${formatDate(d.due)}` : 'No due date'}
                      {d.doneAt ? ` · delivered ${formatDate(d.doneAt)}` : ''}
                    </p>
                    {(d.proofText || d.proofLink) && (
                      <p className="rounded-box bg-base-200 px-3 py-2 text-sm break-words whitespace-pre-line">
                        {d.proofText}
                        {d.proofLink && (
                          <>
                            {d.proofText ? ' ' : ''}
                            <a href={d.proofLink} target="_blank" rel="noopener noreferrer nofollow" className="link link-primary">
                              Proof link <ExternalLinkIcon className="inline size-3" />
                            </a>
                          </>
                        )}
                      </p>
                    )}
                  </div>
                  {s === 'funded' && !sponsor && !d.doneAt && (
                    <Button size="sm" onClick={() => setDelivering(d)}>
                      Mark delivered
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {deal.proposal.length > 0 && (
            <div className="space-y-2 rounded-box border border-primary/40 bg-base-200 p-4" data-testid="proposal">
              <h3 className="font-semibold">{proposalMine ? 'Your proposal' : `${otherName} proposes`}</h3>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {deal.proposal.map((d) => (
                  <li key={d.id}>
                    {d.title}
                    {d.due ? ` (due ${formatDate(d.due)})` : ''}
                  </li>
                ))}
              </ul>
              {proposalMine ? (
                <p className="text-sm text-base-content/75">Waiting for {otherName} to agree.</p>
              ) : (
                <Button
                  size="sm"
                  loading={step.isPending}
                  onClick={() => void run({ step: 'agree', body: { version: deal.version } }, 'Deliverables agreed')}
                >
                  Agree to these deliverables
                </Button>
              )}
            </div>
          )}
        </div>
      </section>

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

      {deal.origin === 'pledge' && ((deal.updates?.length ?? 0) > 0 || (!sponsor && s !== 'cancelled')) && (
        <section aria-labelledby="updates-heading" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="updates-heading" className="text-lg font-semibold">
                Updates
              </h2>
              {!sponsor && s !== 'cancelled' && (
                <Button size="sm" variant="outline" onClick={() => setOpen('update')}>
                  Post an update to all sponsors
                </Button>
              )}
            </div>
            {(deal.updates?.length ?? 0) === 0 ? (
              <p className="text-sm text-base-content/75">Tell your sponsors how the project is going: every sponsor reads it here.</p>
            ) : (
              <ul className="space-y-3" data-testid="deal-updates">
                {deal.updates?.map((u) => (
                  <li key={u.id} className="rounded-box bg-base-200 px-4 py-3">
                    <p className="text-sm text-base-content/75">
                      <PersonLink person={u.author} /> · <time dateTime={u.createdAt}>{formatDateTime(u.createdAt)}</time>
                    </p>
                    <p className="mt-1 break-words whitespace-pre-line">{u.body}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}

      <DealHistory events={deal.events ?? []} />

      <DeliverablesDialog
        open={open === 'propose'}
        onClose={() => setOpen(null)}
        current={deal.deliverables}
        pending={step.isPending}
        onSubmit={(items) =>
          run(
            { step: 'deliverables', body: { deliverables: items.map((d) => ({ id: d.id || undefined, title: d.title, due: d.due })) } },
            'Proposal sent',
          )
        }
      />
      <ProofDialog
        deliverable={delivering}
        onClose={() => setDelivering(null)}
        pending={step.isPending}
        onSubmit={(values, setError) =>
          run({ step: 'done', item: delivering?.id ?? '', body: values }, 'Marked delivered', (field, message) =>
            setError(field === 'proofLink' ? 'proofLink' : 'proofText', message),
          )
        }
      />
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
      <ReasonDialog
        open={open === 'update'}
        onClose={() => setOpen(null)}
        title="Post an update"
        description="Every sponsor of this request reads it on their deal's page and is notified."
        label="Update"
        noun="Update"
        requiredMessage="Write the update"
        max={limits.requestUpdate}
        submitLabel="Post update"
        closeLabel="Back"
        pending={postUpdate.isPending}
        onSubmit={async (body, setError) => {
          try {
            await postUpdate.mutateAsync(body)
            toast({ title: 'Update posted', description: 'Your sponsors have it.', variant: 'success' })
            return true
          } catch (error) {
            if (error instanceof ApiError && error.fieldErrors.body) {
              setError(error.fieldErrors.body)
              return false
            }
            toast({ title: 'That did not go through', description: errorMessage(error), variant: 'destructive' })
            return false
          }
        }}
      />
    </>
  )
}
