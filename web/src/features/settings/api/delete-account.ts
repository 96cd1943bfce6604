import { useMutation, useQueryClient } from '@tanstack/react-query'
import { forgetMember } from '@/features/auth/session'
import { api } from '@/lib/api'

type DeleteAccountBody = { password: string } | { confirm: string }

function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return api.delete<void>('/api/user', body)
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => forgetMember(queryClient) })
}
