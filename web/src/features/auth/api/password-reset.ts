import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ResetDone, ResetRequested } from '@/lib/api-types.gen'

/**
 * "Forgot password?" (docs/api/sign-in.md, "Password reset"). The request answers the same for
 * every login, whether or not it names an account; the code goes to the account's proven address.
 */
function requestPasswordReset(login: string): Promise<ResetRequested> {
  return api.post<ResetRequested>('/api/auth/password-reset/request', { login })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

interface PasswordResetInput {
  login: string
  code: string
  password: string
}

/** Sets the new password; every session of the account ends and nobody is signed in. */
function confirmPasswordReset(input: PasswordResetInput): Promise<ResetDone> {
  return api.post<ResetDone>('/api/auth/password-reset/confirm', input)
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}
