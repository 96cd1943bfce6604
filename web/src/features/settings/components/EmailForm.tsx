import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import type { CurrentUser } from '@/lib/api-types.gen'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useChangeEmail } from '../api/change-email'
import { useConfirmEmail } from '../api/confirm-email'
import { emailCodeSchema, emailSchema, type EmailCodeValues, type EmailValues } from '../schemas'
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
      description={user.email ? `Current address: ${user.email}` : 'You have not set an e-mail address.'}
    >
      <form onSubmit={send} noValidate className="space-y-2">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          hint="Used for notification e-mails about applications, sponsorships and messages. We send a code to confirm it."
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <div className="flex justify-end">
          <Button type="submit" variant={user.pendingEmail ? 'outline' : 'primary'} loading={change.isPending}>
            {user.pendingEmail ? 'Send the code again' : 'Send code'}
          </Button>
        </div>
      </form>
      {user.pendingEmail && <ConfirmEmail key={user.pendingEmail} pendingEmail={user.pendingEmail} />}
    </SettingsCard>
  )
}

function ConfirmEmail({ pendingEmail }: { pendingEmail: string }) {
  const confirm = useConfirmEmail()
  const form = useForm<EmailCodeValues>({ resolver: zodResolver(emailCodeSchema), defaultValues: { code: '' } })
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: (saved) =>
        toast({ title: 'E-mail confirmed', description: `Notifications now go to ${saved.email}.`, variant: 'success' }),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['code']))
          toast({ title: 'Could not confirm your e-mail', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )
  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-field border border-info/40 bg-info/5 p-4"
      aria-label="Confirm your e-mail address"
    >
      <p className="text-sm">
        Waiting for confirmation: <span className="font-semibold break-all">{pendingEmail}</span>. Enter the 6-digit code we sent there.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="sm:w-48">
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
        </div>
        <Button type="submit" className="sm:mt-8" loading={confirm.isPending}>
          Confirm e-mail
        </Button>
      </div>
    </form>
  )
}
