import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberGoogleSignIn } from '@/lib/session-hints'
import type { ApiAnswer, ApiBody } from '@/lib/api-types.gen'
import { currentUserQueryOptions } from './get-current-user'

/**
 * A finished Google sign-in: the own user, from the ID token (POST /api/auth/google) or the redirect flow, which
 * also says where to go and whether the account was just created (docs/api/sign-in.md).
 */
export type GoogleSignInResult = ApiAnswer<'POST /api/auth/google'> &
  Partial<Pick<ApiAnswer<'POST /api/auth/google/callback'>, 'redirect' | 'isNew'>>

/** Finishes the redirect flow with what Google returned to /__/auth/handler. */
function completeGoogleCallback(input: ApiBody<'POST /api/auth/google/callback'>) {
  return api('POST /api/auth/google/callback', { body: input })
}

export function useGoogleCallback() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: completeGoogleCallback,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      rememberGoogleSignIn(user)
    },
  })
}
