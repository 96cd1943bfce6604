import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'
import { TextField } from '@/components/ui/Field'
import { FigureSource, ProvenanceBadge } from '@/components/ui/Provenance'
import { EvidenceUploader } from '@/components/ui/EvidenceUploader'
import { utcDay } from '@/lib/dates'
import type { Kit } from '@/lib/api-types.gen'
import type { KitFormValues } from '../kit-form'

const count = new Intl.NumberFormat()

/**
 * The kit's audience: typed (self-reported, or evidenced with a file), or "Use my measured reach" once
 * the member has one (the server then keeps it equal to their measured reach).
 */
export function AudienceFields({ form, kit }: { form: UseFormReturn<KitFormValues>; kit: Kit }) {
  const { register, control, formState } = form
  const errors = formState.errors
  const measured = useWatch({ control, name: 'audienceMeasured' })
  const reach = kit.measured.reachLargest.value
  const canMeasure = reach > 0 || measured
  const today = utcDay(new Date())
  return (
    <section aria-labelledby="kit-edit-audience" className="space-y-2">
      <div>
        <h3 id="kit-edit-audience" className="font-semibold">
          Audience
        </h3>
        <p className="text-sm text-base-content/75">
          The expected attendance or reach of your events: the same number as your Events card in Settings.
        </p>
        {kit.audience && kit.audience.value > 0 && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="kit-saved-audience">
            Saved: <span className="font-semibold tabular-nums">{count.format(kit.audience.value)}</span>
            <FigureSource figure={kit.audience} />
          </p>
        )}
      </div>
      {canMeasure && (
        <label className="flex cursor-pointer items-start justify-between gap-3 rounded-field border border-base-300 p-2.5">
          <span>
            <span className="block text-sm font-semibold">Use my measured reach</span>
            <span className="flex flex-wrap items-center gap-1 text-xs text-base-content/75">
              {count.format(reach)} unique visitors of your completed deals' tracked links, kept up to date by SponsorBridge{' '}
              <ProvenanceBadge provenance="measured" />
            </span>
          </span>
          <input type="checkbox" className="toggle toggle-primary toggle-sm mt-0.5" {...register('audienceMeasured')} />
        </label>
      )}
      {!measured && (
        <div className="grid gap-x-3 sm:grid-cols-2">
          <TextField
            label="Audience"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="1200"
            error={errors.audience?.value?.message}
            {...register('audience.value')}
          />
          <TextField
            label="As of"
            type="date"
            max={today}
            hint="When it was true (today if left empty)."
            error={errors.audience?.asOf?.message}
            {...register('audience.asOf')}
          />
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="audience.evidence"
              render={({ field, fieldState }) => (
                <EvidenceUploader
                  label="Evidence (optional): a ticketing export, an analytics screenshot"
                  value={field.value}
                  onChange={field.onChange}
                  target={{ kit: true }}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        </div>
      )}
      {(errors.audience?.message || errors.audienceMeasured?.message) && (
        <p role="alert" className="text-sm text-error">
          {errors.audience?.message ?? errors.audienceMeasured?.message}
        </p>
      )}
    </section>
  )
}
