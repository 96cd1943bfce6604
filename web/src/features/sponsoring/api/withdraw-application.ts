import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import { applyMutationKey } from './apply'

/** POST /api/applications/{id}/withdraw: the applicant's own pending application (docs/api/eligibility.md). */
function withdrawApplication(id: string) {
  return api('POST /api/applications/{id}/withdraw', { params: { id } })
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: (withdrawn) => {
      // This session's Apply on the offer no longer counts: its button offers Apply again.
      const cache = queryClient.getMutationCache()
      cache.findAll({ mutationKey: applyMutationKey(withdrawn.sponsorship.id) }).forEach((m) => cache.remove(m))
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.applications })
      // the offer's place is free again, and the member may apply again
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships })
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations })
    },
  })
}
