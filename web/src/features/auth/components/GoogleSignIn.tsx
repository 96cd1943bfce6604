import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { GoogleIcon } from '@/components/ui/icons'
import { toast } from '@/lib/toast'
import { GoogleFallbackBox } from './GoogleFallbackBox'

export const GOOGLE_NOT_CONFIGURED_MESSAGE =
  'Authentication not properly configured. Please use the manual sign-in option below.'

interface GoogleSignInProps {
  mode: 'login' | 'register'
  configured: boolean
  manualOpen: boolean
  onManualOpenChange: (open: boolean) => void
  initialEmail?: string
}

/**
 * Google sign-in as laid out by the spec. The redirect flow and the e-mail code fallback are
 * the Google issue's; until then a click explains why it cannot sign in.
 */
export function GoogleSignIn({ mode, configured, manualOpen, onManualOpenChange, initialEmail }: GoogleSignInProps) {
  const [busy, setBusy] = useState(false)
  const label = mode === 'login' ? 'Sign in with Google' : 'Sign up with Google'

  function startGoogle() {
    if (!configured) {
      toast({ title: 'Google sign-in failed', description: GOOGLE_NOT_CONFIGURED_MESSAGE, variant: 'destructive' })
      onManualOpenChange(true)
      return
    }
    setBusy(true)
    toast({ title: 'Google sign-in', description: 'Google sign-in is not available in this version yet. Please use your username and password.' })
    setBusy(false)
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
      {manualOpen && <GoogleFallbackBox initialEmail={initialEmail} />}
    </div>
  )
}
