import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useRequestEmailCode, type EmailCodeSent } from '../api/request-email-code'
import { MANUAL_FAILED_TITLE } from '../google/messages'
import { emailCodeRequestSchema, type EmailCodeRequestInput } from '../schemas'

interface EmailCodeRequestStepProps {
  defaultValues: EmailCodeRequestInput
  onSent: (input: EmailCodeRequestInput, answer: EmailCodeSent) => void
}

function missingInformationToast(): void {
  toast({ title: 'Missing Information', description: 'Please provide both email and display name', variant: 'destructive' })
}

/** Step 1 of the fallback box: Email and Display Name, then a code is sent to the address. */
export function EmailCodeRequestStep({ defaultValues, onSent }: EmailCodeRequestStepProps) {
  const requestCode = useRequestEmailCode()
  const form = useForm<EmailCodeRequestInput>({ resolver: zodResolver(emailCodeRequestSchema), defaultValues })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(
    (values) =>
      requestCode.mutate(values, {
        onSuccess: (answer) => onSent(values, answer),
        onError: (error) => {
          applyFieldErrors(error, form.setError, ['email', 'displayName'])
          toast({ title: MANUAL_FAILED_TITLE, description: errorMessage(error), variant: 'destructive' })
        },
      }),
    (invalid) => {
      // The spec answers an empty field with a toast, not with field messages.
      if (invalid.email?.type === 'too_small' || invalid.displayName?.type === 'too_small') {
        form.clearErrors()
        missingInformationToast()
      }
    },
  )

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Display Name" autoComplete="name" error={errors.displayName?.message} {...form.register('displayName')} />
      <Button type="submit" variant="neutral" block className="mt-3" loading={requestCode.isPending}>
        {requestCode.isPending ? 'Processing...' : 'Continue with Google Account'}
      </Button>
    </form>
  )
}
