import { useState } from 'react'
import { useMutationState } from '@tanstack/react-query'
import { Button } from '@/components/ui/Button'
import type { Listing, Sponsorship, SponsorshipRequest } from '@/features/listings/types'
import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { closeMutationKey, useCloseRequest } from '../api/close-request'
import { applyMutationKey } from '../api/apply'
import { useApplications } from '../api/list-applications'
import { sponsorMutationKey } from '../api/sponsor-request'
import { ApplyDialog } from './ApplyDialog'
import { SponsorDialog } from './SponsorDialog'

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
  if (listing.kind === 'sponsorship') {
    if (own) return detail ? null : <span className="badge badge-ghost self-center">Your listing</span>
    return <ApplyAction item={listing.item} size={size} detail={detail} />
  }
  return <SponsorAction item={listing.item} size={size} detail={detail} own={own} />
}

function ApplyAction({ item, size, detail }: { item: Sponsorship; size: Size; detail: boolean }) {
  const [open, setOpen] = useState(false)
  // The list answer says whether the member applied; only a listing from elsewhere asks.
  const known = item.applied !== undefined
  const sent = useApplications({ role: 'sent', sponsorshipId: item.id }, !known)
  const justApplied = useMutationState({ filters: { mutationKey: applyMutationKey(item.id), status: 'success' } }).length > 0
  const applied = justApplied || (known ? !!item.applied : (sent.data?.length ?? 0) > 0)
  return (
    <span onClick={stop} className="contents">
      <Button size={size} disabled={applied || (!known && sent.isPending)} onClick={() => setOpen(true)}>
        {applied ? 'Applied' : detail ? 'Apply for Sponsorship' : 'Apply'}
      </Button>
      {open && <ApplyDialog open sponsorship={item} onClose={() => setOpen(false)} />}
    </span>
  )
}

/** What this page already knows about the request beyond the (possibly stale) listing. */
function useRequestStatus(item: SponsorshipRequest): string {
  const outcomes = useMutationState({
    filters: { mutationKey: sponsorMutationKey(item.id) },
    select: (m) => ({ status: m.state.status, error: m.state.error }),
  })
  const closed = useMutationState({ filters: { mutationKey: closeMutationKey(item.id), status: 'success' } })
  if (closed.length > 0) return 'closed'
  for (const o of outcomes) {
    if (o.status === 'success') return 'sponsored'
    if (o.error instanceof ApiError && o.error.status === 409) return o.error.message.includes('closed') || o.error.message.includes('event date has passed') ? 'closed' : 'sponsored'
  }
  return item.status
}

function SponsorAction({ item, size, detail, own }: { item: SponsorshipRequest; size: Size; detail: boolean; own: boolean }) {
  const [open, setOpen] = useState(false)
  const status = useRequestStatus(item)
  const close = useCloseRequest(item.id)

  if (own) {
    if (!detail || status !== 'open') return detail ? null : <span className="badge badge-ghost self-center">Your listing</span>
    return (
      <Button
        variant="outline"
        loading={close.isPending}
        onClick={() =>
          close.mutate(undefined, {
            onSuccess: () => toast({ title: 'Request closed', description: 'This request no longer takes sponsors.', variant: 'success' }),
            onError: (error) => toast({ title: 'Could not close the request', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      >
        Close request
      </Button>
    )
  }
  if (status !== 'open') {
    return (
      <Button size={size} disabled>
        {status === 'closed' ? 'Closed' : 'Sponsored'}
      </Button>
    )
  }
  return (
    <span onClick={stop} className="contents">
      <Button size={size} onClick={() => setOpen(true)}>{detail ? 'Sponsor This Project' : 'Sponsor'}</Button>
      {open && <SponsorDialog open request={item} onClose={() => setOpen(false)} />}
    </span>
  )
}
