import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/applications/{id}/withdraw: the applicant's own pending application (docs/api/eligibility.md). */
function withdrawApplication(id: string) {
  return api('POST /api/applications/{id}/withdraw', { params: { id } })
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.applications })
      // the offer's place is free again, and the member may apply again
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships })
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations })
    },
  })
}
