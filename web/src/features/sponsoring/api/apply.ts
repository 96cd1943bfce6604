import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

function applyToSponsorship(sponsorshipId: string, message: string) {
  return api('POST /api/sponsorships/{id}/apply', { params: { id: sponsorshipId }, body: { message } })
}

export const applyMutationKey = (sponsorshipId: string) => ['apply', sponsorshipId] as const

export function useApply(sponsorshipId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: applyMutationKey(sponsorshipId),
    mutationFn: (message: string) => applyToSponsorship(sponsorshipId, message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.applications })
      // the lists carry "applied" for each card
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships })
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations })
      void queryClient.invalidateQueries({ queryKey: queryKeys.unread })
    },
  })
}
