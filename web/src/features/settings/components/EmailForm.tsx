import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import type { CurrentUser } from '@/lib/api-types.gen'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useChangeEmail } from '../api/change-email'
import { emailSchema, type EmailValues } from '../schemas'
import { ConfirmEmailForm } from './ConfirmEmailForm'
import { SettingsCard } from '@/components/ui/SettingsCard'

/**
 * An address becomes the member's only once the code mailed to it comes back: the first form
 * sends the code, the second (shown while an address is pending) confirms it.
 */
export function EmailForm({ user }: { user: CurrentUser }) {
  const change = useChangeEmail()
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: user.pendingEmail || user.email || '' } })
  const send = form.handleSubmit(({ email }) =>
    change.mutate(email, {
      onSuccess: (saved) => {
        if (saved.pendingEmail)
          toast({ title: 'Code sent', description: `Enter the code we sent to ${saved.pendingEmail} to confirm it.`, variant: 'success' })
        form.reset({ email: saved.pendingEmail || saved.email })
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email']))
          toast({ title: 'Could not send the code', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )
  return (
    <SettingsCard
      id="settings-email"
      title="E-mail"
      description={
        user.hasProvenEmail
          ? `Current address: ${user.email}`
          : 'You have not confirmed an e-mail address yet. Without one we cannot e-mail you, and a forgotten password cannot be reset.'
      }
    >
      <form onSubmit={send} noValidate className="space-y-2">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          hint="Used for notification e-mails and to reset a forgotten password. We send a code to confirm it."
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <div className="flex justify-end">
          <Button type="submit" variant={user.pendingEmail ? 'outline' : 'primary'} loading={change.isPending}>
            {user.pendingEmail ? 'Send the code again' : 'Send code'}
          </Button>
        </div>
      </form>
      {user.pendingEmail && <ConfirmEmailForm key={user.pendingEmail} pendingEmail={user.pendingEmail} />}
    </SettingsCard>
  )
}
