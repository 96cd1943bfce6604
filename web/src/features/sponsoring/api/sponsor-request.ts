import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sponsorshipRequestsKey } from '@/features/listings/api/list-sponsorship-requests'
import { api } from '@/lib/api'
import type { Commitment } from '../types'
import { commitmentsKey } from './list-commitments'

export function sponsorRequest(requestId: string, message: string): Promise<Commitment> {
  return api.post<Commitment>(`/api/sponsorship-requests/${encodeURIComponent(requestId)}/sponsor`, { message })
}

/** Keyed per request so a card and the detail dialog of the same request both see the outcome. */
export const sponsorMutationKey = (requestId: string) => ['sponsor-request', requestId] as const

export function useSponsorRequest(requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sponsorMutationKey(requestId),
    mutationFn: (message: string) => sponsorRequest(requestId, message),
    // Won or lost (409), the lists must show the request's new status.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sponsorshipRequestsKey })
      void queryClient.invalidateQueries({ queryKey: commitmentsKey })
      void queryClient.invalidateQueries({ queryKey: ['conversations'] })
    },
  })
}
