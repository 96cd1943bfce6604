import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

function resolveContactMessage(id: string) {
  return api('POST /api/admin/contact-messages/{id}/resolve', { params: { id } })
}

/** The message leaves the open list, the counter drops, the log grows. */
export function useResolveContactMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resolveContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  })
}
