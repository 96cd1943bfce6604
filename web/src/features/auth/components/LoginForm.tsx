import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useLogin } from '../api/login'
import { loginSchema, type LoginInput } from '../schemas'

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
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" block className="mt-4" loading={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  )
}
