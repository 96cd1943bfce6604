import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod/mini'
import { boundedText } from '@/lib/bounded-text'
import { FormDialog } from './FormDialog'
import { TextAreaField } from './Field'

interface ReasonDialogProps {
  open: boolean
  onClose: () => void
  title: string
  description?: string
  label: string
  /** What the text is called in "… must be at most N characters" (the server's word): Reason unless set. */
  noun?: string
  /** The server's words for an empty reason, and its limit (from the generated limits). */
  requiredMessage: string
  max: number
  submitLabel: string
  submitVariant?: 'error'
  /** The button that closes without sending ("Cancel" unless that is what the dialog does). */
  closeLabel?: string
  pending: boolean
  /**
   * Sends the reason. Answers true when the dialog is done (it closes, emptied), false to keep it
   * open; setError puts the server's message for the reason under the field.
   */
  onSubmit: (reason: string, setError: (message: string) => void) => Promise<boolean>
}

/**
 * A step that needs the member's words, checked as the server checks them: withdrawing a pledge,
 * rejecting or reporting a listing, cancelling or disputing a deal.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  label,
  noun = 'Reason',
  requiredMessage,
  max,
  submitLabel,
  submitVariant,
  closeLabel = 'Cancel',
  pending,
  onSubmit,
}: ReasonDialogProps) {
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(z.object({ reason: boundedText(noun, max, { requiredMessage }) })),
    defaultValues: { reason: '' },
  })
  const length = useWatch({ control: form.control, name: 'reason' }).length
  const { reset } = form
  useEffect(() => {
    if (open) reset({ reason: '' })
  }, [open, reset])

  const submit = form.handleSubmit(async ({ reason }) => {
    if (await onSubmit(reason, (message) => form.setError('reason', { type: 'server', message }, { shouldFocus: true }))) onClose()
  })
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      onSubmit={submit}
      submitLabel={submitLabel}
      submitVariant={submitVariant}
      pending={pending}
      cancelLabel={closeLabel}
    >
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
    </FormDialog>
  )
}
