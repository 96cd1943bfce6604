import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { forgetSignIn } from '@/lib/session-hints'
import { currentUserQueryOptions } from './get-current-user'

export function logout(): Promise<void> {
  return api.post<void>('/api/logout')
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetSignIn()
      // Everything cached belonged to the member who left; keep only the signed-out user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app-config' })
      queryClient.setQueryData(currentUserQueryOptions().queryKey, null)
    },
  })
}
