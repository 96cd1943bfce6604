import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberGoogleSignIn } from '@/lib/session-hints'
import type { CurrentUser, GoogleAnswer } from '@/lib/api-types.gen'
import { currentUserQueryOptions } from './get-current-user'

/** The own user, plus where to go and whether the account was just created when the flow named a place (docs/api/sign-in.md). */
export type GoogleSignInResult = CurrentUser & Partial<Pick<GoogleAnswer, 'redirect' | 'isNew'>>

interface GoogleCallbackInput {
  code: string
  state: string
}

/** Finishes the redirect flow with what Google returned to /__/auth/handler. */
function completeGoogleCallback(input: GoogleCallbackInput): Promise<GoogleSignInResult> {
  return api.post<GoogleSignInResult>('/api/auth/google/callback', input)
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
