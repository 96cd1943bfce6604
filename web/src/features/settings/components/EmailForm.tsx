import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import type { CurrentUser } from '@/features/auth/types'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useChangeEmail } from '../api/change-email'
import { emailSchema, type EmailValues } from '../schemas'
import { SettingsCard } from './SettingsCard'

export function EmailForm({ user }: { user: CurrentUser }) {
  const change = useChangeEmail()
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: user.email ?? '' } })
  const submit = form.handleSubmit(({ email }) =>
    change.mutate(email, {
      onSuccess: (saved) => {
        form.reset({ email: saved.email })
        toast({ title: 'E-mail updated', variant: 'success' })
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email'])) toast({ title: 'Could not change your e-mail', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )
  return (
    <SettingsCard id="settings-email" title="E-mail" description={user.email ? `Current address: ${user.email}` : 'You have not set an e-mail address.'}>
      <form onSubmit={submit} noValidate className="space-y-2">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          hint="Used for notification e-mails about applications, sponsorships and messages."
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>Save e-mail</Button>
        </div>
      </form>
    </SettingsCard>
  )
}
