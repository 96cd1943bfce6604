import { useMutation, useQueryClient } from '@tanstack/react-query'
import { forgetMember } from '@/features/auth/session'
import { api } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'

function deleteAccount(body: ApiBody<'DELETE /api/user'>) {
  return api('DELETE /api/user', { body })
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => forgetMember(queryClient) })
}
