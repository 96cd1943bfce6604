import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export type Decision = 'accept' | 'decline'

/** POST /api/applications/{id}/accept or /decline: only the sponsorship's poster may. */
function decideApplication(id: string, decision: Decision) {
  return api(`POST /api/applications/{id}/${decision}` as const, { params: { id } })
}

export function useDecideApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) => decideApplication(id, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
  })
}
