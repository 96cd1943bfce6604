import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { DeclineReason } from '../decline'

export interface DeclineBody {
  reason: DeclineReason
  note: string
}

function declineMany(offerId: string, ids: string[], body: DeclineBody) {
  return api('POST /api/sponsorships/{id}/applications/decline', { params: { id: offerId }, body: { ids, ...body } })
}

/** Declines the pending applications among ids with one reason, in one transaction; the others are skipped with why. */
export function useDeclineMany(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, ...body }: DeclineBody & { ids: string[] }) => declineMany(offerId, ids, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
  })
}
