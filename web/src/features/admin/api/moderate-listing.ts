import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { sponsorshipRequestsKey, sponsorshipsKey } from '@/lib/listing'
import type { RejectInput } from '../schemas'
import type { AdminListingKind } from '../types'
import { adminKey } from './admin-key'

export interface ModerationTarget {
  kind: AdminListingKind
  id: string
}

function listingPath({ kind, id }: ModerationTarget, action: 'approve' | 'reject'): string {
  return `/api/admin/listings/${kind}/${encodeURIComponent(id)}/${action}`
}

function approveListing(target: ModerationTarget): Promise<unknown> {
  return api.post(listingPath(target, 'approve'))
}

function rejectListing({ reason, ...target }: ModerationTarget & RejectInput): Promise<unknown> {
  return api.post(listingPath(target, 'reject'), { reason })
}

/** The row leaves the queue and public lists change: refresh the dashboard and both lists. */
function useInvalidateAfterModeration() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKey }),
      queryClient.invalidateQueries({ queryKey: sponsorshipsKey }),
      queryClient.invalidateQueries({ queryKey: sponsorshipRequestsKey }),
    ])
}

export function useApproveListing() {
  const onSuccess = useInvalidateAfterModeration()
  return useMutation({ mutationFn: approveListing, onSuccess })
}

export function useRejectListing() {
  const onSuccess = useInvalidateAfterModeration()
  return useMutation({ mutationFn: rejectListing, onSuccess })
}
