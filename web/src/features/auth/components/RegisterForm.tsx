import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { NewPasswordFields } from '@/components/ui/NewPasswordFields'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useAppConfig } from '@/features/app-config'
import { useRegister } from '../api/register'
import { registerSchema, type RegisterInput } from '../schemas'

export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const registerMutation = useRegister()
  // without mail no address can be confirmed (the server would answer 503): the field is left out
  const mailAvailable = useAppConfig().data?.mail?.available ?? true
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { displayName: '', username: '', email: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    registerMutation.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Registration successful', description: welcome(values.email, user.pendingEmail), variant: 'success' })
        onSignedIn()
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['displayName', 'username', 'email', 'password'])
        toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1">
      <TextField label="Display Name" autoComplete="name" error={errors.displayName?.message} {...form.register('displayName')} />
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      {mailAvailable ? (
        <TextField
          label="E-mail (optional)"
          type="email"
          autoComplete="email"
          hint="For notifications and password recovery. We send a code to confirm it."
          error={errors.email?.message}
          {...form.register('email')}
        />
      ) : (
        <p className="py-1 text-xs text-base-content/75">
          E-mail is not set up on this server yet. You can add an address later in Settings.
        </p>
      )}
      <NewPasswordFields
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        password={form.register('password')}
        confirm={form.register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <Button type="submit" block className="mt-4" loading={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  )
}

/** The welcome toast: where the code went, or that it could not be sent. */
function welcome(typed: string, pending: string): string {
  if (!typed) return 'Welcome to SponsorBridge'
  if (pending) return `Welcome to SponsorBridge. Enter the code we sent to ${pending} to confirm your e-mail address.`
  return `Welcome to SponsorBridge. We could not send a code to ${typed} just now; you can add it later in Settings.`
}
