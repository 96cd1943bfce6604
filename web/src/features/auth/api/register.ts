import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberSignIn } from '@/lib/session-hints'
import { toRegisterPayload, type RegisterInput } from '../schemas'
import { currentUserQueryOptions } from './get-current-user'

function register(input: RegisterInput) {
  return api('POST /api/register', { body: toRegisterPayload(input) })
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      rememberSignIn(user)
    },
  })
}
