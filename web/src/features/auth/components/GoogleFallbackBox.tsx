import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { toast } from '@/lib/toast'

/** The 'Google Sign-in Fallback' box. Proving the address by e-mail code is the Google issue's. */
export function GoogleFallbackBox({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail)
  const [displayName, setDisplayName] = useState('')
  const [processing, setProcessing] = useState(false)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!email.trim() || !displayName.trim()) {
      toast({ title: 'Missing Information', description: 'Please provide both email and display name', variant: 'destructive' })
      return
    }
    setProcessing(true)
    toast({
      title: 'Manual Google Sign-in Failed',
      description: 'Signing in with an e-mail code is not available yet. Please use your username and password.',
      variant: 'destructive',
    })
    setProcessing(false)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-box border border-base-300 bg-base-200/60 p-4" aria-labelledby="google-fallback-title">
      <h3 id="google-fallback-title" className="font-semibold">Google Sign-in Fallback</h3>
      <p className="mt-1 text-sm text-base-content/75">
        Enter the e-mail address of your Google account. We will send you a one-time code to confirm it.
      </p>
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Display Name" autoComplete="name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
      <Button type="submit" variant="neutral" block className="mt-3" loading={processing}>
        {processing ? 'Processing...' : 'Continue with Google Account'}
      </Button>
    </form>
  )
}
