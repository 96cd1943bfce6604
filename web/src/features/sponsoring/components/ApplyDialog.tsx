import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { ApiError, errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useApply } from '../api/apply'
import { connectMessageSchema, type ConnectMessageValues } from '../schemas'
import { MessageField } from './MessageField'

interface ApplyDialogProps {
  open: boolean
  sponsorship: { id: string; title: string }
  onClose: () => void
}

/** Apply on an Open Sponsorship: an optional message to the sponsor. */
export function ApplyDialog({ open, sponsorship, onClose }: ApplyDialogProps) {
  const apply = useApply(sponsorship.id)
  const form = useForm<ConnectMessageValues>({ resolver: zodResolver(connectMessageSchema), defaultValues: { message: '' } })
  const length = useWatch({ control: form.control, name: 'message' }).length

  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await apply.mutateAsync(message.trim())
      toast({ title: 'Application submitted', description: 'Your application for this sponsorship has been submitted', variant: 'success' })
      form.reset()
      onClose()
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['message'])) return
      toast({ title: 'Could not apply', description: errorMessage(error), variant: 'destructive' })
      if (error instanceof ApiError && error.status === 409) onClose()
    }
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Apply for Sponsorship"
      description={sponsorship.title}
      onSubmit={submit}
      submitLabel="Submit"
      pending={apply.isPending}
    >
      <MessageField
        label="Message to the sponsor (optional)"
        length={length}
        error={form.formState.errors.message?.message}
        registration={form.register('message')}
      />
    </FormDialog>
  )
}
