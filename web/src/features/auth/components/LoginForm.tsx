import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useLogin } from '../api/login'
import { loginSchema, type LoginInput } from '../schemas'
import { ForgotPassword } from './ForgotPassword'

interface LoginFormProps {
  demoCredentials?: { username: string; password: string }
  onSignedIn: () => void
}

export function LoginForm({ demoCredentials, onSignedIn }: LoginFormProps) {
  const loginMutation = useLogin()
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: demoCredentials?.username ?? '', password: demoCredentials?.password ?? '' },
  })
  const { errors } = form.formState
  const [forgot, setForgot] = useState(false)
  const [passwordReset, setPasswordReset] = useState(false)

  if (forgot)
    return (
      <ForgotPassword
        initialLogin={form.getValues('username')}
        onCancel={() => setForgot(false)}
        onDone={(username) => {
          form.reset({ username, password: '' })
          setPasswordReset(true)
          setForgot(false)
        }}
      />
    )

  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Login successful', description: 'Welcome back', variant: 'success' })
        onSignedIn()
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['username', 'password'])
        toast({ title: 'Login failed', description: `Login failed: ${errorMessage(error)}`, variant: 'destructive' })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1">
      {demoCredentials && (
        <div role="note" className="alert alert-info alert-soft mb-3 text-sm">
          <span>
            Quick login: use the demo username <strong>{demoCredentials.username}</strong> and password{' '}
            <strong>{demoCredentials.password}</strong>.
          </span>
        </div>
      )}
      {passwordReset && (
        <p role="status" className="alert alert-success alert-soft mb-3 text-sm">
          Your password has been changed, and every device signed in to your account was signed out. Sign in with your new password.
        </p>
      )}
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus={passwordReset}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex justify-end">
        <button type="button" className="link link-primary text-sm" onClick={() => setForgot(true)}>
          Forgot password?
        </button>
      </div>
      <Button type="submit" block className="mt-4" loading={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  )
}
