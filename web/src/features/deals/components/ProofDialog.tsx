import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextAreaField, TextField } from '@/components/ui/Field'
import type { Deliverable } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { proofSchema, type ProofValues } from '../schemas'
import { PictureInput } from './PictureInput'

interface ProofDialogProps {
  deliverable: Deliverable | null
  onClose: () => void
  pending: boolean
  onSubmit: (values: ProofValues, setError: (field: keyof ProofValues, message: string) => void) => Promise<boolean>
}

/** Mark one deliverable done, with proof the sponsor can check: a note, a link, a picture, or any of them. */
export function ProofDialog({ deliverable, onClose, pending, onSubmit }: ProofDialogProps) {
  const form = useForm<ProofValues>({
    resolver: zodResolver(proofSchema),
    defaultValues: { proofText: '', proofLink: '', picture: null },
  })
  // A draft belongs to its deliverable: opening the dialog for another one starts empty (reopening
  // the same one keeps what was written).
  const draftFor = useRef<string | null>(null)
  useEffect(() => {
    if (!deliverable || deliverable.id === draftFor.current) return
    if (draftFor.current !== null) form.reset()
    draftFor.current = deliverable.id
  }, [deliverable, form])
  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values, (field, message) => form.setError(field, { message }))) {
      form.reset()
      onClose()
    }
  })
  return (
    <FormDialog
      open={deliverable !== null}
      onClose={onClose}
      title="Mark as delivered"
      description={deliverable ? `“${deliverable.title}”: show the sponsor it happened.` : ''}
      onSubmit={submit}
      submitLabel="Mark delivered"
      pending={pending}
      cancelLabel="Back"
    >
      <TextAreaField
        label="Proof"
        rows={3}
        maxLength={limits.proofText}
        placeholder="What was done, where and when"
        error={form.formState.errors.proofText?.message}
        data-autofocus
        {...form.register('proofText')}
      />
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://…"
        maxLength={limits.proofLink}
        error={form.formState.errors.proofLink?.message}
        {...form.register('proofLink')}
      />
      <PictureInput
        control={form.control}
        // The picture's own check at once; once sent, "Add proof" is checked again too.
        onChosen={() => void form.trigger(form.formState.isSubmitted ? ['picture', 'proofText'] : 'picture')}
      />
    </FormDialog>
  )
}
