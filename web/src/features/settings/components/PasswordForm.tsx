import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { NewPasswordFields } from '@/components/ui/NewPasswordFields'
import type { CurrentUser } from '@/lib/api-types.gen'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useChangePassword } from '../api/change-password'
import { passwordSchema, type PasswordValues } from '../schemas'
import { SettingsCard } from '@/components/ui/SettingsCard'

const empty: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function PasswordForm({ user }: { user: CurrentUser }) {
  const change = useChangePassword()
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: empty })
  const { errors } = form.formState

  if (user.providerId === 'google') {
    return (
      <SettingsCard id="settings-password" title="Password">
        <p className="text-sm text-base-content/80">You sign in with Google, so there is no SponsorBridge password to change.</p>
      </SettingsCard>
    )
  }

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(empty)
          toast({ title: 'Password changed', description: 'Your other devices have been signed out.', variant: 'success' })
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) {
            toast({ title: 'Could not change your password', description: errorMessage(error), variant: 'destructive' })
          }
        },
      },
    ),
  )
  return (
    <SettingsCard id="settings-password" title="Password" description="Changing it signs you out on your other devices.">
      <form onSubmit={submit} noValidate className="space-y-1">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          password={form.register('newPassword')}
          confirm={form.register('confirmPassword')}
          errors={{ password: errors.newPassword?.message, confirm: errors.confirmPassword?.message }}
        />
        <div className="flex justify-end pt-2">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}
