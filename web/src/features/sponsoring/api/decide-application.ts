import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { DeclineBody } from './decline-applications'

type Decision = { decision: 'accept' } | ({ decision: 'decline' } & DeclineBody)

/** POST /api/applications/{id}/accept, or /decline with the reason the applicant reads: only the sponsorship's poster may. */
function decideApplication(id: string, d: Decision) {
  if (d.decision === 'accept') return api('POST /api/applications/{id}/accept', { params: { id } })
  return api('POST /api/applications/{id}/decline', { params: { id }, body: { reason: d.reason, note: d.note } })
}

export function useDecideApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...d }: { id: string } & Decision) => decideApplication(id, d),
    onSettled: (_data, _error, { decision }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.applications })
      // an acceptance opens a deal
      if (decision === 'accept') void queryClient.invalidateQueries({ queryKey: queryKeys.deals })
    },
  })
}
