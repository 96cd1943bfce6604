import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { useLogoutEverywhere } from '@/features/auth/session'
import { errorMessage } from '@/lib/api'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { SettingsCard } from '@/components/ui/SettingsCard'

/** "Sign out everywhere": ends every session of the account on the server, this one included. */
export function SessionsCard() {
  const [open, setOpen] = useState(false)
  const signOut = useLogoutEverywhere()
  const navigate = useNavigate()

  // Through the promise, not mutate's callbacks: this tab's own realtime stream may hear the sessions
  // end before the answer comes, take the page to the sign-in and unmount this card, and a callback of
  // an unmounted caller is never called (the member would not read what happened).
  function confirm() {
    signOut.mutateAsync().then(
      () => {
        toast({
          title: 'Signed out everywhere',
          description: 'Every session of your account has ended. Sign in again to continue.',
          variant: 'success',
        })
        void navigate(paths.auth, { replace: true })
      },
      (error: unknown) => {
        setOpen(false)
        toast({ title: 'Could not sign out everywhere', description: errorMessage(error), variant: 'destructive' })
      },
    )
  }

  return (
    <SettingsCard
      id="settings-sessions"
      title="Sessions"
      description="Signed in on a device you no longer use, or on someone else's? Signing out everywhere ends every session of your account, this one included."
    >
      <div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Sign out everywhere
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Sign out everywhere?"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="primary" onClick={confirm} loading={signOut.isPending} data-autofocus>
              Sign out everywhere
            </Button>
          </>
        }
      >
        <p className="text-sm">
          You will be signed out on every phone, tablet and computer, and here. Messages and listings are not affected.
        </p>
      </Dialog>
    </SettingsCard>
  )
}
