import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { CheckIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { paths } from '@/lib/paths'
import { clearGoogleRedirect, countGoogleRetry, storedGoogleIdToken } from '@/lib/session-hints'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useGoogleCallback, type GoogleSignInResult } from '../api/google-callback'
import { useGoogleIdTokenSignIn } from '../api/google-id-token'
import { googleFailure, googleReturnedError } from '../google/failure'
import { goHomeAfterSignIn } from '../google/go-home'
import { GOOGLE_FAILED_TITLE, GOOGLE_SUCCESS_TITLE } from '../google/messages'

/**
 * `/__/auth/handler`, where Google sends the browser back: the server finishes the sign-in with
 * the returned `code` and `state` (docs/web/sign-in.md). Failures go back to the auth screen.
 */
export function GoogleCallbackPage() {
  useDocumentTitle('Google sign-in')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const callback = useGoogleCallback()
  const idTokenSignIn = useGoogleIdTokenSignIn()
  const started = useRef(false)
  const [signedIn, setSignedIn] = useState(false)
  const { mutateAsync: exchange } = callback
  const { mutateAsync: signInWithToken } = idTokenSignIn

  useEffect(() => {
    if (started.current) return // once, even when React runs effects twice
    started.current = true
    const toAuth = (manual = false) => navigate(manual ? `${paths.auth}?manual=true` : paths.auth, { replace: true })

    const succeed = (user: GoogleSignInResult) => {
      toast({ title: GOOGLE_SUCCESS_TITLE, description: `Welcome, ${user.displayName}`, variant: 'success' })
      setSignedIn(true)
      goHomeAfterSignIn((to) => navigate(to, { replace: true }), user.redirect ?? paths.home)
    }
    const fail = (error: unknown) => {
      const failure = googleFailure(error)
      const message = failure.countsAsRetry && !countGoogleRetry() ? null : failure.message
      clearGoogleRedirect()
      if (message) toast({ title: GOOGLE_FAILED_TITLE, description: message, variant: 'destructive' })
      toAuth(failure.openFallback)
    }

    const code = params.get('code')
    const state = params.get('state')
    const returnedError = params.get('error')
    if (returnedError) {
      clearGoogleRedirect()
      toast({ title: GOOGLE_FAILED_TITLE, description: googleReturnedError(returnedError), variant: 'destructive' })
      toAuth()
      return
    }
    if (code || state) {
      exchange({ code: code ?? '', state: state ?? '' }).then(succeed, fail)
      return
    }
    const stored = storedGoogleIdToken()
    if (stored) {
      signInWithToken(stored).then(succeed, fail)
      return
    }
    toAuth() // no result: nothing to say
  }, [params, navigate, exchange, signInWithToken])

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center" aria-live="polite">
      {signedIn ? (
        <>
          <CheckIcon className="size-10 text-success" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{GOOGLE_SUCCESS_TITLE}</h1>
          <p className="text-base-content/75">Taking you to your listings...</p>
        </>
      ) : (
        <>
          <Spinner label="Signing in with Google" />
          <h1 className="text-2xl font-bold">Signing in with Google...</h1>
          <p className="text-base-content/75">Please wait while we finish signing you in.</p>
        </>
      )}
    </div>
  )
}
