import { lazy, Suspense, useState } from 'react'
import { useMutationState } from '@tanstack/react-query'
import { Button } from '@/components/ui/Button'
import { reopensWithNewDate, type Listing, type Sponsorship, type SponsorshipRequest } from '@/lib/listing'
import { errorMessage } from '@/lib/api'
import { eligibilityNoteId, eligibilityOf } from '@/lib/eligibility'
import { formatUsd } from '@/lib/money'
import { toast } from '@/lib/toast'
import { applyMutationKey } from '../api/apply'
import { useApplications } from '../api/list-applications'
import { useSetListingStatus, type OwnerStatus } from '../api/set-listing-status'
import { useOwnerStatus, usePledgeState } from '../use-pledge-state'
import { ReviewApplicationsLink } from './ReviewApplicationsLink'

// The dialogs and their form libraries load when a member opens one.
const ApplyDialog = lazy(() => import('./ApplyDialog').then((m) => ({ default: m.ApplyDialog })))
const SponsorDialog = lazy(() => import('./SponsorDialog').then((m) => ({ default: m.SponsorDialog })))
const WithdrawDialog = lazy(() => import('./WithdrawDialog').then((m) => ({ default: m.WithdrawDialog })))
// The poster's Close confirmation too: the dialog frame is not part of the first screen's cards.
const Dialog = lazy(() => import('@/components/ui/Dialog').then((m) => ({ default: m.Dialog })))

type Size = 'sm' | 'md'

interface ListingActionProps {
  listing: Listing
  currentUserId?: string
  /** The detail dialog uses the spec's long labels and offers "Close request" on your own request. */
  detail?: boolean
}

const stop = (e: React.MouseEvent) => e.stopPropagation()

/** Apply / Sponsor on a card or in the detail dialog, reflecting what has already happened. */
export function ListingAction({ listing, currentUserId, detail = false }: ListingActionProps) {
  const own = !!currentUserId && listing.item.userId === currentUserId
  const size: Size = detail ? 'md' : 'sm'
  if (listing.kind === 'sponsorships') {
    if (own)
      return detail ? (
        <>
          <ReviewApplicationsLink offerId={listing.item.id} count={listing.item.applicationCount} />
          <OwnerStatusAction listing={listing} />
        </>
      ) : (
        <span className="badge badge-ghost self-center">Your listing</span>
      )
    return <ApplyAction item={listing.item} size={size} detail={detail} />
  }
  return <SponsorAction item={listing.item} size={size} detail={detail} own={own} />
}

function ApplyAction({ item, size, detail }: { item: Sponsorship; size: Size; detail: boolean }) {
  const [open, setOpen] = useState(false)
  // A cap reached closes the offer to new applications while its status stays open (docs/api/eligibility.md).
  const closed = (useOwnerStatus(item.id) ?? item.status) === 'closed' || item.closedReason === 'cap'
  // The list answer says whether the member applied; only a listing from elsewhere asks.
  const known = item.applied !== undefined
  const sent = useApplications({ role: 'sent', sponsorshipId: item.id }, !known)
  const justApplied = useMutationState({ filters: { mutationKey: applyMutationKey(item.id), status: 'success' } }).length > 0
  // A withdrawn application may be sent again (docs/api/eligibility.md).
  const applied = justApplied || (known ? !!item.applied : !!sent.data?.some((a) => a.status !== 'withdrawn'))
  if (closed && !applied) {
    return (
      <Button size={size} disabled>
        Closed
      </Button>
    )
  }
  // The rules the member fails are said beside the button (the listing's EligibilityNote), before any writing.
  const ineligible = !applied && eligibilityOf(item).length > 0
  if (ineligible) {
    return (
      <Button size={size} disabled aria-describedby={eligibilityNoteId(item.id, detail)}>
        {detail ? 'Apply for Sponsorship' : 'Apply'}
      </Button>
    )
  }
  return (
    // Only keeps a click on the button from also opening the card below it; the button is the control.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <span onClick={stop} className="contents">
      <Button size={size} disabled={applied || (!known && sent.isPending)} onClick={() => setOpen(true)}>
        {applied ? 'Applied' : detail ? 'Apply for Sponsorship' : 'Apply'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ApplyDialog open sponsorship={item} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  )
}

function SponsorAction({ item, size, detail, own }: { item: SponsorshipRequest; size: Size; detail: boolean; own: boolean }) {
  const [open, setOpen] = useState(false)
  const [withdrawing, setWithdrawing] = useState(false)
  const { status, myPledge } = usePledgeState(item)

  if (own) {
    // A request whose event passed reopens only with a new date: the poster's Edit says so
    // ("Change the event date to reopen"); a Reopen here would always fail.
    const reopenable = !reopensWithNewDate({ kind: 'requests', item })
    if (detail && status !== 'sponsored' && reopenable)
      return <OwnerStatusAction listing={{ kind: 'requests', item: { ...item, status } }} />
    return detail ? null : <span className="badge badge-ghost self-center">Your listing</span>
  }
  if (myPledge && detail) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="my-pledge">
        <span className="text-sm font-medium">Your pledge: {formatUsd(myPledge.amount)}</span>
        <Button size={size} variant="outline" onClick={() => setWithdrawing(true)}>
          Withdraw pledge
        </Button>
        {withdrawing && (
          <Suspense fallback={null}>
            <WithdrawDialog open request={item} pledge={myPledge} onClose={() => setWithdrawing(false)} />
          </Suspense>
        )}
      </div>
    )
  }
  if (status !== 'open' || myPledge) {
    return (
      <Button size={size} disabled>
        {status === 'closed' ? 'Closed' : status === 'sponsored' ? 'Sponsored' : 'Pledged'}
      </Button>
    )
  }
  const { tiers = [], anyAmount = true, industryConflict } = item
  // Packages only: the packages' own Pick buttons pledge (in the detail views; View Details leads there).
  if (!anyAmount && tiers.length > 0) return null
  if (industryConflict) {
    // The conflict itself is said above the actions (ListingTiers), before any pledge.
    return (
      <Button size={size} disabled>
        {detail ? 'Sponsor This Project' : 'Sponsor'}
      </Button>
    )
  }
  return (
    // Only keeps a click on the button from also opening the card below it; the button is the control.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <span onClick={stop} className="contents">
      <Button size={size} onClick={() => setOpen(true)}>
        {detail ? 'Sponsor This Project' : 'Sponsor'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SponsorDialog open request={item} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  )
}

/** The poster's Close (after a confirmation) and Reopen, for both kinds. */
function OwnerStatusAction({ listing }: { listing: Listing }) {
  const [confirming, setConfirming] = useState(false)
  const change = useSetListingStatus(listing.kind, listing.item.id)
  const status = useOwnerStatus(listing.item.id) ?? listing.item.status ?? 'open'
  const noun = listing.kind === 'sponsorships' ? 'offer' : 'request'
  const Noun = listing.kind === 'sponsorships' ? 'Offer' : 'Request'
  const set = (next: OwnerStatus) =>
    change.mutate(next, {
      onSuccess: () => {
        setConfirming(false)
        toast(
          next === 'closed'
            ? {
                title: `${Noun} closed`,
                description: `This ${noun} no longer takes ${listing.kind === 'sponsorships' ? 'applications' : 'sponsors'}. You can reopen it.`,
                variant: 'success',
              }
            : { title: `${Noun} reopened`, variant: 'success' },
        )
      },
      onError: (error) =>
        toast({
          title: `Could not ${next === 'closed' ? 'close' : 'reopen'} the ${noun}`,
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  if (status === 'closed') {
    return (
      <Button variant="outline" loading={change.isPending} onClick={() => set('open')}>
        Reopen {noun}
      </Button>
    )
  }
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Close {noun}
      </Button>
      {confirming && (
        <Suspense fallback={null}>
          <Dialog
            open
            onClose={() => setConfirming(false)}
            title={`Close this ${noun}?`}
            description={`It will no longer take ${listing.kind === 'sponsorships' ? 'applications' : 'sponsors'}. You can reopen it later.`}
            footer={
              <>
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button loading={change.isPending} onClick={() => set('closed')}>
                  Close {noun}
                </Button>
              </>
            }
          />
        </Suspense>
      )}
    </>
  )
}
