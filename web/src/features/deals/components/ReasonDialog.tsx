import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod/mini'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { TextAreaField } from '@/components/ui/Field'
import { boundedText } from '@/lib/bounded-text'

interface ReasonDialogProps {
  open: boolean
  onClose: () => void
  title: string
  description: string
  label: string
  /** The server's words for an empty reason, and its limit. */
  requiredMessage: string
  max: number
  submitLabel: string
  pending: boolean
  /** Sends the reason; answers false to keep the dialog open (the field shows the server's error). */
  onSubmit: (reason: string, setError: (message: string) => void) => Promise<boolean>
}

/** A step that needs the member's words: cancel, dispute, answer a dispute. */
export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  label,
  requiredMessage,
  max,
  submitLabel,
  pending,
  onSubmit,
}: ReasonDialogProps) {
  const schema = z.object({ reason: boundedText('Reason', max, { requiredMessage }) })
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } })
  const length = useWatch({ control: form.control, name: 'reason' }).length
  const formId = `reason-${title.replace(/\W+/g, '-').toLowerCase()}`
  const submit = form.handleSubmit(async ({ reason }) => {
    const done = await onSubmit(reason, (message) => form.setError('reason', { message }))
    if (done) {
      form.reset()
      onClose()
    }
  })
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label={label}
          rows={4}
          maxLength={max}
          error={form.formState.errors.reason?.message}
          data-autofocus
          {...form.register('reason')}
        />
        <p className="text-right text-xs text-base-content/75" aria-live="polite">
          {length} / {max}
        </p>
      </form>
    </Dialog>
  )
}
