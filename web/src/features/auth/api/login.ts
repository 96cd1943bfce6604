import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberSignIn } from '@/lib/session-hints'
import type { LoginInput } from '../schemas'
import { currentUserQueryOptions } from './get-current-user'

function login(input: LoginInput) {
  return api('POST /api/login', { body: input })
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
