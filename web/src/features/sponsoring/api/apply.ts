import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** The message, and the answers by question id (docs/api/eligibility.md; left out for an offer without questions). */
type Application = ApiBody<'POST /api/sponsorships/{id}/apply'>

function applyToSponsorship(sponsorshipId: string, application: Application) {
  return api('POST /api/sponsorships/{id}/apply', { params: { id: sponsorshipId }, body: application })
}

export const applyMutationKey = (sponsorshipId: string) => ['apply', sponsorshipId] as const

export function useApply(sponsorshipId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: applyMutationKey(sponsorshipId),
    mutationFn: (application: Application) => applyToSponsorship(sponsorshipId, application),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.applications })
      // the lists carry "applied" and the member's eligibility for each card
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships })
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations })
      void queryClient.invalidateQueries({ queryKey: queryKeys.unread })
    },
  })
}
