import { useEffect, useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { TextAreaField } from '@/components/ui/Field'
import { applyFieldErrors } from '@/lib/form-errors'
import { useRejectListing, type ModerationTarget } from '../api/moderate-listing'
import { REASON_MAX, rejectSchema, type RejectInput } from '../schemas'
import { adminTexts } from '../texts'
import { notifyError, notifySuccess } from './notify'

interface RejectDialogProps {
  target: (ModerationTarget & { title: string }) | null
  onClose: () => void
}

export function RejectDialog({ target, onClose }: RejectDialogProps) {
  const formId = useId()
  const reject = useRejectListing()
  const form = useForm<RejectInput>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } })
  const { errors } = form.formState
  const length = useWatch({ control: form.control, name: 'reason' }).length
  const { reset } = form

  useEffect(() => {
    if (target) reset({ reason: '' })
  }, [target, reset])

  const onSubmit = form.handleSubmit(({ reason }) => {
    if (!target) return
    reject.mutate(
      { kind: target.kind, id: target.id, reason },
      {
        onSuccess: () => {
          notifySuccess(adminTexts.rejected, target.title)
          onClose()
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, ['reason'])) notifyError(error)
        },
      },
    )
  })

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title="Reject listing"
      description={target?.title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="error" loading={reject.isPending}>
            Reject listing
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextAreaField
          label="Reason (shown to the poster)"
          rows={4}
          maxLength={REASON_MAX}
          data-autofocus
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <p className="text-right text-xs text-base-content/75" aria-live="polite">
          {length}/{REASON_MAX}
        </p>
      </form>
    </Dialog>
  )
}
