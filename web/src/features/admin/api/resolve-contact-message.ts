import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ContactMessage } from '../types'
import { queryKeys } from '@/lib/query-keys'

function resolveContactMessage(id: string): Promise<ContactMessage> {
  return api.post<ContactMessage>(`/api/admin/contact-messages/${encodeURIComponent(id)}/resolve`)
}

/** The message leaves the open list, the counter drops, the log grows. */
export function useResolveContactMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resolveContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  })
}
