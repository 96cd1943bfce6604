import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberSignIn } from '@/lib/session-hints'
import type { LoginInput } from '../schemas'
import type { CurrentUser } from '@/lib/api-types.gen'
import { currentUserQueryOptions } from './get-current-user'

function login(input: LoginInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/login', input)
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      rememberSignIn(user)
    },
  })
}
