import { Controller, get, useFieldArray, type Path, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { PlusIcon, TrashIcon } from '@/components/ui/icons'
import { EvidenceUploader } from '@/components/ui/EvidenceUploader'
import { utcDay } from '@/lib/dates'
import { limits } from '@/lib/limits.gen'
import { emptyRow, type KitFormValues, type KitList } from '../kit-form'

interface Column {
  key: string
  label: string
  type: 'text' | 'number' | 'url' | 'date'
  max?: number
  maxLength?: number
  placeholder?: string
}

/** Each list of the kit: its words, its limit (docs/api/proof-of-value.md, "Media kits") and its fields besides "As of" and evidence. */
const lists: Record<KitList, { title: string; hint: string; row: string; plural: string; add: string; limit: number; columns: Column[] }> =
  {
    segments: {
      title: 'Audience segments',
      hint: 'Who your audience is: age bands, the share of students, where they live.',
      row: 'Segment',
      plural: 'segments',
      add: 'Add a segment',
      limit: limits.kitSegments,
      columns: [
        { key: 'label', label: 'Name', type: 'text', maxLength: limits.kitLabel, placeholder: 'Students aged 18–24' },
        { key: 'share', label: 'Share (%)', type: 'number', max: 100 },
      ],
    },
    channels: {
      title: 'Channels',
      hint: 'Where you reach people, with their follower counts.',
      row: 'Channel',
      plural: 'channels',
      add: 'Add a channel',
      limit: limits.kitChannels,
      columns: [
        { key: 'name', label: 'Name', type: 'text', maxLength: limits.kitLabel, placeholder: 'Instagram' },
        { key: 'url', label: 'Link (optional)', type: 'url', maxLength: limits.kitUrl, placeholder: 'https://…' },
        { key: 'followers', label: 'Followers', type: 'number' },
      ],
    },
    pastEvents: {
      title: 'Past events',
      hint: 'Events you held, with how many attended.',
      row: 'Past event',
      plural: 'past events',
      add: 'Add a past event',
      limit: limits.kitPastEvents,
      columns: [
        { key: 'name', label: 'Name', type: 'text', maxLength: limits.kitEventName, placeholder: 'Spring fest 2026' },
        { key: 'date', label: 'Date', type: 'date' },
        { key: 'attendance', label: 'Attendance', type: 'number' },
      ],
    },
  }

const message = (errors: unknown, path: string): string | undefined => (get(errors, path) as { message?: string } | undefined)?.message

/** One list of the kit: rows to add and remove (up to its limit), each with its "As of" date and evidence. */
export function KitRows({ form, list }: { form: UseFormReturn<KitFormValues>; list: KitList }) {
  const { register, control, formState } = form
  const rows = useFieldArray({ control, name: list })
  const spec = lists[list]
  const errors = formState.errors
  const listError = message(errors, `${list}.root`) ?? message(errors, list)
  const full = rows.fields.length >= spec.limit
  const today = utcDay(new Date())
  return (
    <section aria-labelledby={`kit-edit-${list}`} className="space-y-3">
      <div>
        <h3 id={`kit-edit-${list}`} className="font-semibold">
          {spec.title}
        </h3>
        <p className="text-sm text-base-content/75">{spec.hint}</p>
      </div>
      {rows.fields.length > 0 && (
        <ol className="space-y-3">
          {rows.fields.map((field, i) => {
            const at = (key: string) => `${list}.${i}.${key}` as Path<KitFormValues>
            const name = `${spec.row} ${i + 1}`
            return (
              <li key={field.id}>
                <fieldset className="rounded-box border border-base-300 p-3" data-testid={`kit-row-${list}`}>
                  <legend className="px-1 text-sm font-semibold">{name}</legend>
                  <div className="grid gap-x-3 sm:grid-cols-2">
                    {spec.columns.map((c) => (
                      <TextField
                        key={c.key}
                        label={c.label}
                        type={c.type}
                        inputMode={c.type === 'number' ? 'numeric' : c.type === 'url' ? 'url' : undefined}
                        min={c.type === 'number' ? 0 : undefined}
                        max={c.type === 'date' ? today : c.max}
                        step={c.type === 'number' ? 1 : undefined}
                        maxLength={c.maxLength}
                        placeholder={c.placeholder}
                        error={message(errors, at(c.key))}
                        {...register(at(c.key))}
                      />
                    ))}
                    <TextField
                      label="As of"
                      type="date"
                      max={today}
                      hint="When it was true (today if left empty)."
                      error={message(errors, at('asOf'))}
                      {...register(at('asOf'))}
                    />
                  </div>
                  <Controller
                    control={control}
                    name={at('evidence')}
                    render={({ field: evidence, fieldState }) => (
                      <EvidenceUploader
                        compact
                        value={evidence.value as KitFormValues['segments'][number]['evidence']}
                        onChange={evidence.onChange}
                        target={{ kit: true }}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <div className="flex justify-end">
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-error"
                      onClick={() => rows.remove(i)}
                      aria-label={`Remove ${name.toLowerCase()}`}
                    >
                      <TrashIcon className="size-4" /> Remove
                    </Button>
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-error">
          {listError}
        </p>
      )}
      <Button variant="outline" size="sm" disabled={full} onClick={() => rows.append(emptyRow[list]() as never)}>
        <PlusIcon className="size-4" /> {spec.add}
      </Button>
      {full && (
        <p className="text-xs text-base-content/75">
          At most {spec.limit} {spec.plural}.
        </p>
      )}
    </section>
  )
}
