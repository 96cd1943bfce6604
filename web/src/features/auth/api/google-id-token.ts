import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { rememberGoogleSignIn } from '@/lib/session-hints'
import { currentUserQueryOptions } from './get-current-user'

interface GoogleIdTokenInput {
  token: string
  email: string
  displayName: string
  photoURL: string
}

/**
 * The spec's `POST /api/auth/google`: the ID token goes in `X-Google-Id-Token`; the body is the
 * spec's payload, which the server ignores (only the verified token counts).
 */
function signInWithGoogleIdToken({ token, email, displayName, photoURL }: GoogleIdTokenInput) {
  const body = {
    email,
    displayName: displayName || email.split('@')[0],
    photoURL: photoURL || undefined,
    providerId: 'google',
  }
  return api('POST /api/auth/google', { body, headers: { 'X-Google-Id-Token': token } })
}

export function useGoogleIdTokenSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signInWithGoogleIdToken,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      rememberGoogleSignIn(user)
    },
  })
}
