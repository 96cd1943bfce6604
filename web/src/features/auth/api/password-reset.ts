import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'

/**
 * "Forgot password?" (docs/api/sign-in.md, "Password reset"). The request answers the same for
 * every login, whether or not it names an account; the code goes to the account's proven address.
 */
function requestPasswordReset(login: string) {
  return api('POST /api/auth/password-reset/request', { body: { login } })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

/** Sets the new password; every session of the account ends and nobody is signed in. */
function confirmPasswordReset(input: ApiBody<'POST /api/auth/password-reset/confirm'>) {
  return api('POST /api/auth/password-reset/confirm', { body: input })
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}
