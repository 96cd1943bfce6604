import { useFieldArray, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextField } from '@/components/ui/Field'
import { PlusIcon, TrashIcon } from '@/components/ui/icons'
import type { Deliverable } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { deliverablesSchema, type DeliverablesValues } from '../schemas'

interface DeliverablesDialogProps {
  open: boolean
  onClose: () => void
  /** The list to start from: the agreed one, or an empty row. */
  current: Deliverable[]
  pending: boolean
  onSubmit: (items: DeliverablesValues['items']) => Promise<boolean>
}

/** Propose what the sponsor gets (or a change to it): the other side agrees before it counts. */
export function DeliverablesDialog({ open, onClose, current, pending, onSubmit }: DeliverablesDialogProps) {
  const start = current.length > 0 ? current.map((d) => ({ id: d.id, title: d.title, due: d.due })) : [{ id: '', title: '', due: '' }]
  const form = useForm<DeliverablesValues>({ resolver: zodResolver(deliverablesSchema), defaultValues: { items: start } })
  const rows = useFieldArray({ control: form.control, name: 'items' })
  const submit = form.handleSubmit(async ({ items }) => {
    if (await onSubmit(items)) onClose()
  })
  const errors = form.formState.errors.items
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={current.length > 0 ? 'Propose a change to the deliverables' : 'Propose deliverables'}
      description="What does the sponsor get? A logo on a banner, a mention, a booth, a report… The other side agrees before it counts."
      onSubmit={submit}
      submitLabel="Send proposal"
      pending={pending}
      cancelLabel="Back"
      formClassName="space-y-3"
    >
      <ol className="space-y-3">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_11rem_auto] sm:items-end">
            <TextField
              label={`Deliverable ${i + 1}`}
              maxLength={limits.deliverableTitle}
              error={errors?.[i]?.title?.message}
              data-autofocus={i === 0 ? true : undefined}
              {...form.register(`items.${i}.title`)}
            />
            <TextField label="Due (optional)" type="date" {...form.register(`items.${i}.due`)} />
            <Button
              variant="ghost"
              size="sm"
              className="mb-1"
              disabled={rows.fields.length === 1}
              onClick={() => rows.remove(i)}
              aria-label={`Remove deliverable ${i + 1}`}
            >
              <TrashIcon className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      {errors?.root?.message || errors?.message ? (
        <p role="alert" className="text-sm text-error">
          {errors?.root?.message ?? errors?.message}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        disabled={rows.fields.length >= limits.deliverables}
        onClick={() => rows.append({ id: '', title: '', due: '' })}
      >
        <PlusIcon className="size-4" /> Add a deliverable
      </Button>
    </FormDialog>
  )
}
