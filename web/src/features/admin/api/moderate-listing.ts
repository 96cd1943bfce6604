import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { RejectInput } from '../schemas'
import type { AdminListingKind } from '../types'
import { queryKeys } from '@/lib/query-keys'

export interface ModerationTarget {
  kind: AdminListingKind
  id: string
}

function approveListing({ kind, id }: ModerationTarget) {
  return api('POST /api/admin/listings/{kind}/{id}/approve', { params: { kind, id } })
}

function rejectListing({ reason, kind, id }: ModerationTarget & RejectInput) {
  return api('POST /api/admin/listings/{kind}/{id}/reject', { params: { kind, id }, body: { reason } })
}

/** The row leaves the queue and public lists change: refresh the dashboard and both lists. */
function useInvalidateAfterModeration() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
      queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships }),
      queryClient.invalidateQueries({ queryKey: queryKeys.sponsorshipRequests }),
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
