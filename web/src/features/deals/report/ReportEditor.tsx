import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useFieldArray, useForm, useWatch, type Control, type Path } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { EvidenceUploader } from '@/components/ui/EvidenceUploader'
import { TextAreaField, TextField } from '@/components/ui/Field'
import { PlusIcon, TrashIcon } from '@/components/ui/icons'
import { ApiError, errorMessage } from '@/lib/api'
import { utcDay } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { toast } from '@/lib/toast'
import { useReportActions } from '../api/report'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { Section } from './Section'
import { Unaccounted } from './SpendingSection'
import { figureKinds, reportSchema, spentOf, type ReportValues } from './schema'
import { reportTexts } from './texts'

function valuesOf(report: Report): ReportValues {
  return {
    figures: report.figures.map((f) => ({
      id: f.id,
      kind: f.kind,
      label: f.label,
      value: String(f.value),
      asOf: f.asOf,
      evidence: f.evidence,
    })),
    spending: report.spending.map((s) => ({ id: s.id, label: s.label, amount: String(s.amount), receipt: s.receipt })),
    summary: report.summary,
  }
}

function bodyOf(v: ReportValues) {
  return {
    summary: v.summary,
    figures: v.figures.map((f) => ({
      id: f.id || undefined,
      kind: f.kind,
      label: f.label,
      value: Number(f.value),
      asOf: f.asOf,
      evidence: f.evidence?.id ?? '',
    })),
    spending: v.spending.map((s) => ({ id: s.id || undefined, label: s.label, amount: Number(s.amount), receipt: s.receipt?.id ?? '' })),
  }
}

/** The server's names of the fields (figures.2.value) are the form's; its `spending` total goes under the list. */
function formPath(field: string): Path<ReportValues> {
  return (field === 'spending' || field === 'figures' ? `${field}.root` : field) as Path<ReportValues>
}

/**
 * The recipient writes the report's figures (each with a file if they have one), how the money was
 * used (each line with its receipt) and a summary. Save sends them; the unaccounted amount follows
 * the lines as they are typed.
 */
export function ReportEditor({ report, onDone }: { report: Report; onDone: () => void }) {
  const { save } = useReportActions(report.dealId)
  const form = useForm<ReportValues>({ resolver: zodResolver(reportSchema(report.amount)), defaultValues: valuesOf(report) })
  const figures = useFieldArray({ control: form.control, name: 'figures' })
  const spending = useFieldArray({ control: form.control, name: 'spending' })
  const errors = form.formState.errors

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(bodyOf(values))
      toast({ title: reportTexts.saved, variant: 'success' })
      onDone()
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : []
      fields.forEach(([field, message], i) => form.setError(formPath(field), { type: 'server', message }, { shouldFocus: i === 0 }))
      if (fields.length === 0) toast({ title: reportTexts.failed, description: errorMessage(error), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Edit the impact report" data-testid="report-editor">
      <Section title={reportTexts.figures}>
        <p className="text-sm text-base-content/75">
          Attendance, reach or anything you counted. Attach a file (a ticketing export, an analytics screenshot) to mark a figure Evidenced;
          without one it shows as Self-reported.
        </p>
        {figures.fields.map((row, i) => (
          <fieldset key={row.id} className="grid gap-x-3 rounded-box border border-base-300 p-3 sm:grid-cols-2 lg:grid-cols-4">
            <legend className="px-1 text-sm font-semibold">Figure {i + 1}</legend>
            <div className="fieldset py-1">
              <label htmlFor={`figure-kind-${row.id}`} className="fieldset-legend pt-0 pb-1 text-sm">
                Kind
              </label>
              <select id={`figure-kind-${row.id}`} className="select w-full" {...form.register(`figures.${i}.kind`)}>
                {figureKinds.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label="Name"
              maxLength={limits.reportFigureLabel}
              error={errors.figures?.[i]?.label?.message}
              {...form.register(`figures.${i}.label`)}
            />
            <TextField
              label="Value"
              inputMode="numeric"
              error={errors.figures?.[i]?.value?.message}
              {...form.register(`figures.${i}.value`)}
            />
            <TextField label="As of" type="date" error={errors.figures?.[i]?.asOf?.message} {...form.register(`figures.${i}.asOf`)} />
            <div className="sm:col-span-2 lg:col-span-3">
              <Controller
                control={form.control}
                name={`figures.${i}.evidence`}
                render={({ field, fieldState }) => (
                  <EvidenceUploader
                    target={{ deal: report.dealId }}
                    compact
                    label="File (optional)"
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
            <div className="flex items-end justify-end">
              <Button variant="ghost" size="sm" onClick={() => figures.remove(i)} aria-label={`Remove figure ${i + 1}`}>
                <TrashIcon className="size-4" /> Remove
              </Button>
            </div>
          </fieldset>
        ))}
        <RootError message={errors.figures?.root?.message ?? errors.figures?.message} />
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={figures.fields.length >= limits.reportFigures}
            onClick={() => figures.append({ id: '', kind: 'attendance', label: '', value: '', asOf: utcDay(new Date()), evidence: null })}
          >
            <PlusIcon className="size-4" /> Add a figure
          </Button>
        </div>
      </Section>

      <Section title={reportTexts.spending} aside={<SpendingLeft control={form.control} amount={report.amount} />}>
        {spending.fields.map((row, i) => (
          <fieldset
            key={row.id}
            className="grid gap-x-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_9rem] lg:grid-cols-[1fr_9rem_1fr_auto]"
          >
            <legend className="px-1 text-sm font-semibold">Line {i + 1}</legend>
            <TextField
              label="Item"
              maxLength={limits.reportSpendingLabel}
              error={errors.spending?.[i]?.label?.message}
              {...form.register(`spending.${i}.label`)}
            />
            <TextField
              label="Amount (USD)"
              inputMode="numeric"
              error={errors.spending?.[i]?.amount?.message}
              {...form.register(`spending.${i}.amount`)}
            />
            <Controller
              control={form.control}
              name={`spending.${i}.receipt`}
              render={({ field, fieldState }) => (
                <EvidenceUploader
                  target={{ deal: report.dealId }}
                  compact
                  label="Receipt (optional)"
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <div className="flex items-end justify-end">
              <Button variant="ghost" size="sm" onClick={() => spending.remove(i)} aria-label={`Remove line ${i + 1}`}>
                <TrashIcon className="size-4" /> Remove
              </Button>
            </div>
          </fieldset>
        ))}
        <SpendingLeft control={form.control} amount={report.amount} total />
        <RootError message={errors.spending?.root?.message ?? errors.spending?.message} />
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={spending.fields.length >= limits.reportSpending}
            onClick={() => spending.append({ id: '', label: '', amount: '', receipt: null })}
          >
            <PlusIcon className="size-4" /> Add a spending line
          </Button>
        </div>
      </Section>

      <Section title={reportTexts.summary}>
        <TextAreaField
          label="What happened, and what the sponsorship made possible"
          rows={5}
          maxLength={limits.reportSummary}
          error={errors.summary?.message}
          {...form.register('summary')}
        />
      </Section>

      <div className="flex flex-wrap justify-end gap-2" data-print="hide">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          {reportTexts.cancel}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {reportTexts.save}
        </Button>
      </div>
    </form>
  )
}

/** What the lines typed so far add up to ("Spent $300 of $500"), or what they leave unaccounted: re-rendered alone as they change. */
function SpendingLeft({ control, amount, total = false }: { control: Control<ReportValues>; amount: number; total?: boolean }) {
  const spent = spentOf(useWatch({ control, name: 'spending' }) ?? [])
  if (!total) return <Unaccounted amount={Math.max(0, amount - spent)} />
  return (
    <p className="text-sm" data-testid="spent-total">
      {reportTexts.spent} {formatUsd(spent)} of {formatUsd(amount)}
    </p>
  )
}

function RootError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  )
}
