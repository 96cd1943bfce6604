import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberSignIn } from '@/lib/session-hints'
import type { CurrentUser } from '@/lib/api-types.gen'
import { currentUserQueryOptions } from './get-current-user'

interface EmailCodeVerifyInput {
  otpId: string
  code: string
  displayName: string
}

/** 201 for a new account (the typed display name), 200 for the member who owns the address. */
function verifyEmailCode(input: EmailCodeVerifyInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/email-code/verify', input)
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
