import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Application } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

export type Decision = 'accept' | 'decline'

/** POST /api/applications/{id}/accept or /decline: only the sponsorship's poster may. */
function decideApplication(id: string, decision: Decision): Promise<Application> {
  return api.post<Application>(`/api/applications/${encodeURIComponent(id)}/${decision}`)
}

export function useDecideApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) => decideApplication(id, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
  })
}
