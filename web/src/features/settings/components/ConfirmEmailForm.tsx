import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { limits } from '@/lib/limits.gen'
import { toast } from '@/lib/toast'
import { useConfirmEmail } from '../api/confirm-email'
import { emailCodeSchema, type EmailCodeValues } from '../schemas'

/**
 * The code mailed to the waiting address (from Settings or from registration) makes it the
 * member's. Shown in Settings' e-mail card and in the e-mail prompt.
 */
export function ConfirmEmailForm({ pendingEmail, className = '' }: { pendingEmail: string; className?: string }) {
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
      className={className || 'rounded-field border border-info/40 bg-info/5 p-4'}
      aria-label="Confirm your e-mail address"
    >
      <p className="text-sm">
        Waiting for confirmation: <span className="font-semibold break-all">{pendingEmail}</span>. Enter the {limits.codeDigits}-digit code
        we sent there.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="sm:w-48">
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={limits.codeDigits}
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
