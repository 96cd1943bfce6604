import { useEffect, useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextAreaField } from '@/components/ui/Field'
import type { DeclineBody } from '../api/decline-applications'
import { DECLINE_NOTE_MAX, declineReasons, declineSchema, isDeclineReason, type DeclineValues } from '../decline'

interface DeclineDialogProps {
  open: boolean
  onClose: () => void
  /** Whose application ("Asha Rao's application"), or how many ("3 applications"). */
  what: string
  pending: boolean
  /**
   * Sends the decline. Answers true when the dialog is done (it closes), false to keep it open;
   * setError puts the server's message under the reason or the note.
   */
  onSubmit: (body: DeclineBody, setError: (field: keyof DeclineValues, message: string) => void) => Promise<boolean>
}

/** Decline one application or several with a reason the applicant reads, and an optional note. */
export function DeclineDialog({ open, onClose, what, pending, onSubmit }: DeclineDialogProps) {
  const form = useForm<DeclineValues>({ resolver: zodResolver(declineSchema), defaultValues: { reason: '', note: '' } })
  const noteLength = useWatch({ control: form.control, name: 'note' }).length
  const legendId = useId()
  const { reset } = form
  useEffect(() => {
    if (open) reset({ reason: '', note: '' })
  }, [open, reset])

  const submit = form.handleSubmit(async ({ reason, note }) => {
    if (!isDeclineReason(reason)) return
    const done = await onSubmit({ reason, note }, (field, message) =>
      form.setError(field, { type: 'server', message }, { shouldFocus: true }),
    )
    if (done) onClose()
  })
  const reasonError = form.formState.errors.reason?.message
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Decline ${what}`}
      description="The applicant reads the reason and your note."
      onSubmit={submit}
      submitLabel="Decline"
      submitVariant="error"
      pending={pending}
      formClassName="space-y-3"
    >
      <fieldset
        aria-labelledby={legendId}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${legendId}-error` : undefined}
      >
        <legend id={legendId} className="pb-2 text-sm font-semibold">
          Reason
        </legend>
        <div className="space-y-1">
          {declineReasons.map((r, i) => (
            <label key={r.value} className="flex cursor-pointer items-center gap-3 rounded-field px-2 py-1.5 hover:bg-base-200">
              <input
                type="radio"
                className="radio radio-sm radio-primary"
                value={r.value}
                data-autofocus={i === 0 ? true : undefined}
                {...form.register('reason')}
              />
              <span className="text-sm">{r.label}</span>
            </label>
          ))}
        </div>
        {reasonError && (
          <p id={`${legendId}-error`} role="alert" className="pt-1 text-sm text-error">
            {reasonError}
          </p>
        )}
      </fieldset>
      <div>
        <TextAreaField
          label="Note to the applicant (optional)"
          rows={3}
          maxLength={DECLINE_NOTE_MAX}
          error={form.formState.errors.note?.message}
          {...form.register('note')}
        />
        <p className="text-right text-xs text-base-content/75" aria-live="polite">
          {noteLength} / {DECLINE_NOTE_MAX}
        </p>
      </div>
    </FormDialog>
  )
}
