import { useMutation, useQueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user'
import { api } from '@/lib/api'
import { forgetSignIn } from '@/lib/session-hints'

export type DeleteAccountBody = { password: string } | { confirm: string }

export function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return api.delete<void>('/api/user', body)
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      forgetSignIn()
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app-config' })
      queryClient.setQueryData(currentUserQueryOptions().queryKey, null)
    },
  })
}
