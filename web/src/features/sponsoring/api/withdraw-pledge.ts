import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { pledgeActionsKey } from './sponsor-request'
import { queryKeys } from '@/lib/query-keys'

function withdrawPledge(commitmentId: string, reason: string) {
  return api('POST /api/commitments/{id}/withdraw', { params: { id: commitmentId }, body: { reason } })
}

const withdrawMutationKey = (requestId: string) => [...pledgeActionsKey(requestId), 'withdraw'] as const

export function useWithdrawPledge(requestId: string, commitmentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: withdrawMutationKey(requestId),
    mutationFn: (reason: string) => withdrawPledge(commitmentId, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorshipRequests })
      void queryClient.invalidateQueries({ queryKey: queryKeys.commitments })
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations })
    },
  })
}
