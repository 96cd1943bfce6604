import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Commitment } from '@/lib/api-types.gen'
import { pledgeActionsKey } from './sponsor-request'
import { queryKeys } from '@/lib/query-keys'

function withdrawPledge(commitmentId: string, reason: string): Promise<Commitment> {
  return api.post<Commitment>(`/api/commitments/${encodeURIComponent(commitmentId)}/withdraw`, { reason })
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
