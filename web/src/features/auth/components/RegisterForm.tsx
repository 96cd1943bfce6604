import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useRegister } from '../api/register'
import { registerSchema, type RegisterInput } from '../schemas'

export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const registerMutation = useRegister()
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { displayName: '', username: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    registerMutation.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Registration successful', description: 'Welcome to SponsorBridge', variant: 'success' })
        onSignedIn()
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['displayName', 'username', 'password'])
        toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1">
      <TextField label="Display Name" autoComplete="name" error={errors.displayName?.message} {...form.register('displayName')} />
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" block className="mt-4" loading={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  )
}
