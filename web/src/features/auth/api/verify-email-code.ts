import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberSignIn } from '@/lib/session-hints'
import type { ApiBody } from '@/lib/api-types.gen'
import { currentUserQueryOptions } from './get-current-user'

/** 201 for a new account (the typed display name), 200 for the member who owns the address. */
function verifyEmailCode(input: ApiBody<'POST /api/auth/email-code/verify'>) {
  return api('POST /api/auth/email-code/verify', { body: input })
}

export function useVerifyEmailCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyEmailCode,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      rememberSignIn(user)
    },
  })
}
