import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextAreaField } from '@/components/ui/Field'
import { limits } from '@/lib/limits.gen'
import { updateSchema, type UpdateValues } from '../schemas'
import { PictureInput } from './PictureInput'

interface UpdateDialogProps {
  open: boolean
  onClose: () => void
  pending: boolean
  /** Posts the update: true when done (the dialog closes), false to keep it open; setError puts the server's words under a field. */
  onSubmit: (values: UpdateValues, setError: (field: keyof UpdateValues, message: string) => void) => Promise<boolean>
}

/** The request's poster writes to all its sponsors, with a picture if they like. */
export function UpdateDialog({ open, onClose, pending, onSubmit }: UpdateDialogProps) {
  const form = useForm<UpdateValues>({ resolver: zodResolver(updateSchema), defaultValues: { body: '', picture: null } })
  const length = useWatch({ control: form.control, name: 'body' }).length
  const { reset } = form
  useEffect(() => {
    if (open) reset({ body: '', picture: null })
  }, [open, reset])

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values, (field, message) => form.setError(field, { type: 'server', message }, { shouldFocus: true }))) onClose()
  })
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Post an update"
      description="Every sponsor of this request reads it on their deal's page and is notified."
      onSubmit={submit}
      submitLabel="Post update"
      pending={pending}
      cancelLabel="Back"
    >
      <TextAreaField
        label="Update"
        rows={4}
        maxLength={limits.requestUpdate}
        error={form.formState.errors.body?.message}
        data-autofocus
        {...form.register('body')}
      />
      <p className="text-right text-xs text-base-content/75" aria-live="polite">
        {length} / {limits.requestUpdate}
      </p>
      <PictureInput control={form.control} onChosen={() => void form.trigger('picture')} />
    </FormDialog>
  )
}
