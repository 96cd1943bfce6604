import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { GoogleIcon } from '@/components/ui/icons'
import { toast } from '@/lib/toast'
import { startGoogleRedirect } from '../api/start-google'
import { GOOGLE_FAILED_TITLE, googleMessages } from '../google/messages'
import { GoogleFallbackBox } from './GoogleFallbackBox'

interface GoogleSignInProps {
  mode: 'login' | 'register'
  configured: boolean
  manualOpen: boolean
  onManualOpenChange: (open: boolean) => void
  initialEmail?: string
  /** Where the redirect flow comes back to: home, or the shared listing the visitor came from. */
  returnTo: string
  /** A member signed in through the fallback box (the page then leaves for returnTo). */
  onSignedIn: () => void
}

/**
 * Google sign-in as laid out by the spec: the button leaves for the server's redirect flow
 * (docs/web/sign-in.md); without a configured provider it explains why and opens the fallback box.
 */
export function GoogleSignIn({ mode, configured, manualOpen, onManualOpenChange, initialEmail, returnTo, onSignedIn }: GoogleSignInProps) {
  const [busy, setBusy] = useState(false)
  const label = mode === 'login' ? 'Sign in with Google' : 'Sign up with Google'

  // Back from Google's page restores this one from the back/forward cache, still busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  function startGoogle() {
    if (!configured) {
      toast({ title: GOOGLE_FAILED_TITLE, description: googleMessages.notConfigured, variant: 'destructive' })
      onManualOpenChange(true)
      return
    }
    setBusy(true)
    startGoogleRedirect(returnTo)
  }

  return (
    <div className="space-y-3">
      <div className="divider my-2 text-xs text-base-content/75">or</div>
      <Button variant="outline" block onClick={startGoogle} loading={busy} className="bg-base-100">
        {!busy && <GoogleIcon className="size-5" />}
        {busy ? 'Signing in...' : label}
      </Button>
      <p className="flex items-center justify-center gap-2 text-xs text-base-content/75">
        <span className={`status ${configured ? 'status-success' : 'status-warning'}`} aria-hidden="true" />
        {configured ? 'Google sign-in is configured' : 'Google sign-in is not configured on this server'}
      </p>
      <div className="text-center">
        <button
          type="button"
          className="link link-hover text-sm text-primary"
          aria-expanded={manualOpen}
          onClick={() => onManualOpenChange(!manualOpen)}
        >
          {manualOpen ? 'Hide manual Google entry' : 'Show manual Google entry'}
        </button>
      </div>
      {manualOpen && <GoogleFallbackBox initialEmail={initialEmail} onSignedIn={onSignedIn} />}
    </div>
  )
}
