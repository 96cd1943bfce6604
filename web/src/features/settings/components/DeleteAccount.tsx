import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/Button'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextField } from '@/components/ui/Field'
import type { CurrentUser } from '@/lib/api-types.gen'
import { ApiError, errorMessage } from '@/lib/api'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useDeleteAccount } from '../api/delete-account'
import { SettingsCard } from '@/components/ui/SettingsCard'

export function DeleteAccount({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const remove = useDeleteAccount()
  const navigate = useNavigate()
  const google = user.providerId === 'google'

  function close() {
    setOpen(false)
    setValue('')
    setError('')
  }

  function confirm() {
    setError('')
    remove.mutate(google ? { confirm: value } : { password: value }, {
      onSuccess: () => {
        toast({ title: 'Account deleted', variant: 'success' })
        navigate(paths.landing, { replace: true })
      },
      onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.password ?? e.fieldErrors.confirm ?? e.message) : errorMessage(e)),
    })
  }

  return (
    <SettingsCard id="settings-delete" title="Delete account" danger description="This cannot be undone.">
      <div>
        <Button variant="error" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <FormDialog
        open={open}
        onClose={close}
        title="Delete your account?"
        onSubmit={(e) => {
          e.preventDefault()
          if (value) confirm()
        }}
        submitLabel="Delete account"
        submitVariant="error"
        submitDisabled={value === ''}
        pending={remove.isPending}
        formClassName="space-y-3 text-sm"
      >
        <p>Deleting your account removes your profile, your listings, the applications you made or received, and your notifications.</p>
        <p>
          Messages other members received from you stay readable to them, shown as from “Deleted member”. Requests you sponsored stay
          sponsored. Your deals, with their history, proof and reviews, stay with the other member and the administrators, shown with
          “Deleted member”.
        </p>
        {google ? (
          <TextField
            label="Type DELETE to confirm"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
            data-autofocus
          />
        ) : (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
            data-autofocus
          />
        )}
      </FormDialog>
    </SettingsCard>
  )
}
