import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sponsorshipRequestsKey } from '@/features/listings/api/list-sponsorship-requests'
import type { SponsorshipRequest } from '@/features/listings/types'
import { api } from '@/lib/api'

export function closeRequest(requestId: string): Promise<SponsorshipRequest> {
  return api.patch<SponsorshipRequest>(`/api/sponsorship-requests/${encodeURIComponent(requestId)}`, { status: 'closed' })
}

export const closeMutationKey = (requestId: string) => ['close-request', requestId] as const

export function useCloseRequest(requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: closeMutationKey(requestId),
    mutationFn: () => closeRequest(requestId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipRequestsKey }),
  })
}
