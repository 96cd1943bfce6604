import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sponsorshipsKey } from '@/lib/listing'
import { api } from '@/lib/api'
import type { Application } from '@/lib/api-types.gen'
import { applicationsKey } from './list-applications'

function applyToSponsorship(sponsorshipId: string, message: string): Promise<Application> {
  return api.post<Application>(`/api/sponsorships/${encodeURIComponent(sponsorshipId)}/apply`, { message })
}

export const applyMutationKey = (sponsorshipId: string) => ['apply', sponsorshipId] as const

export function useApply(sponsorshipId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: applyMutationKey(sponsorshipId),
    mutationFn: (message: string) => applyToSponsorship(sponsorshipId, message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: applicationsKey })
      // the lists carry "applied" for each card
      void queryClient.invalidateQueries({ queryKey: sponsorshipsKey })
      void queryClient.invalidateQueries({ queryKey: ['conversations'] })
      void queryClient.invalidateQueries({ queryKey: ['unread'] })
    },
  })
}
