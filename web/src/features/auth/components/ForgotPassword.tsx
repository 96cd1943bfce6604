import { useState } from 'react'
import { Link } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { NewPasswordFields } from '@/components/ui/NewPasswordFields'
import { ApiError, errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { limits } from '@/lib/limits.gen'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset'
import { resetConfirmSchema, resetRequestSchema, type ResetConfirmInput, type ResetRequestInput } from '../schemas'

interface ForgotPasswordProps {
  /** What the login form's username field held. */
  initialLogin: string
  /** The new password is set: back to the login form with the account's username. */
  onDone: (username: string) => void
  onCancel: () => void
}

/**
 * "Forgot password?": a code to the account's confirmed address, then a new password. The server
 * answers the same whether or not the login names an account, so the screen does too.
 */
export function ForgotPassword({ initialLogin, onDone, onCancel }: ForgotPasswordProps) {
  const [sent, setSent] = useState<{ login: string; minutes: number } | null>(null)
  return (
    <div className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold">Reset your password</h2>
        {!sent && (
          <p className="mt-1 text-sm text-base-content/80">
            Enter your username or the e-mail address of your account. If the account has a confirmed e-mail address, we send a code there.
          </p>
        )}
      </div>
      {sent ? (
        <ResetStep login={sent.login} minutes={sent.minutes} onDone={onDone} onRestart={() => setSent(null)} />
      ) : (
        <RequestStep initialLogin={initialLogin} onSent={(login, minutes) => setSent({ login, minutes })} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-1 text-sm">
        <button type="button" className="link link-primary font-medium" onClick={onCancel}>
          Back to login
        </button>
        <span className="text-base-content/75">
          No e-mail address on your account?{' '}
          <Link to={paths.contactUs} className="link link-primary">
            Contact us
          </Link>
        </span>
      </div>
    </div>
  )
}

function RequestStep({ initialLogin, onSent }: { initialLogin: string; onSent: (login: string, minutes: number) => void }) {
  const request = useRequestPasswordReset()
  const [unavailable, setUnavailable] = useState('')
  const form = useForm<ResetRequestInput>({ resolver: zodResolver(resetRequestSchema), defaultValues: { login: initialLogin } })
  const onSubmit = form.handleSubmit(({ login }) =>
    request.mutate(login, {
      onSuccess: (answer) => onSent(login, answer.expiresInMinutes),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 503) return setUnavailable(error.message)
        if (!applyFieldErrors(error, form.setError, ['login']))
          toast({ title: 'Could not send the code', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1" aria-label="Reset your password">
      <TextField
        label="Username or e-mail address"
        autoComplete="username"
        autoFocus
        error={form.formState.errors.login?.message}
        {...form.register('login')}
      />
      {unavailable && (
        <p role="alert" className="alert alert-warning alert-soft text-sm">
          {unavailable}
        </p>
      )}
      <Button type="submit" block className="mt-3" loading={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send code'}
      </Button>
    </form>
  )
}

interface ResetStepProps {
  login: string
  minutes: number
  onDone: (username: string) => void
  onRestart: () => void
}

function ResetStep({ login, minutes, onDone, onRestart }: ResetStepProps) {
  const confirm = useConfirmPasswordReset()
  const resend = useRequestPasswordReset()
  const form = useForm<ResetConfirmInput>({
    resolver: zodResolver(resetConfirmSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(({ code, password }) =>
    confirm.mutate(
      { login, code, password },
      {
        onSuccess: ({ username }) => {
          toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' })
          onDone(username)
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, ['code', 'password']))
            toast({ title: 'Could not change the password', description: errorMessage(error), variant: 'destructive' })
        },
      },
    ),
  )
  const again = () =>
    resend.mutate(login, {
      onSuccess: () => toast({ title: 'Check your e-mail', description: 'The newest e-mail has your code.' }),
      onError: (error) => toast({ title: 'Could not send the code', description: errorMessage(error), variant: 'destructive' }),
    })
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1" aria-label="Choose a new password">
      <p role="status" className="rounded-field border border-info/40 bg-info/5 p-3 text-sm">
        If <span className="font-semibold break-all">{login}</span> has an account with a confirmed e-mail address, we have sent a code of{' '}
        {limits.codeDigits} digits there. It works for {minutes} minutes.
      </p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={limits.codeDigits}
        autoFocus
        error={errors.code?.message}
        {...form.register('code')}
      />
      <NewPasswordFields
        password={form.register('password')}
        confirm={form.register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <Button type="submit" block className="mt-3" loading={confirm.isPending}>
        {confirm.isPending ? 'Saving...' : 'Set new password'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 pt-1 text-sm">
        <button type="button" className="link link-primary" onClick={again} disabled={resend.isPending}>
          Send the code again
        </button>
        <button type="button" className="link" onClick={onRestart}>
          Use another username or address
        </button>
      </div>
    </form>
  )
}
