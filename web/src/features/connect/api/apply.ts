import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Application } from '../types'
import { applicationsKey } from './list-applications'

export function applyToSponsorship(sponsorshipId: string, message: string): Promise<Application> {
  return api.post<Application>(`/api/sponsorships/${encodeURIComponent(sponsorshipId)}/apply`, { message })
}

export function useApply(sponsorshipId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: string) => applyToSponsorship(sponsorshipId, message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: applicationsKey })
      void queryClient.invalidateQueries({ queryKey: ['conversations'] })
      void queryClient.invalidateQueries({ queryKey: ['unread'] })
    },
  })
}
