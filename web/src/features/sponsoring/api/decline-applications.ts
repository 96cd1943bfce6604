import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { pendingCall, type BulkDeclineAnswer, type DeclineReason } from './review-types.tmp'

export interface DeclineBody {
  reason: DeclineReason
  note: string
}

function declineMany(offerId: string, ids: string[], body: DeclineBody) {
  return pendingCall<BulkDeclineAnswer>('POST /api/sponsorships/{id}/applications/decline', {
    params: { id: offerId },
    body: { ids, ...body },
  }).then((r) => r.data)
}

/** Declines the pending applications among ids with one reason, in one transaction; the others are skipped with why. */
export function useDeclineMany(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, ...body }: DeclineBody & { ids: string[] }) => declineMany(offerId, ids, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
  })
}
