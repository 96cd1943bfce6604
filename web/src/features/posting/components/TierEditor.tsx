import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { Checkbox, TextField } from '@/components/ui/Field'
import { PlusIcon } from '@/components/ui/icons'
import { tierLimits } from '@/lib/tier-limits'
import type { Industry, Tier } from '@/lib/tiers'
import { newTier } from '../tiers'
import type { ListingFormInput, ListingFormValues } from '../schemas'
import { TierFields } from './TierFields'

export interface TierEditorProps {
  form: UseFormReturn<ListingFormInput, unknown, ListingFormValues>
  /** The request's stored tiers (the edit form): a tier with slots taken locks what it must keep. */
  stored: readonly Tier[]
  industries: readonly Industry[]
}

/**
 * The request form's Packages section: up to 6 tiers, whether free-form pledges stay possible, how
 * long a picked slot is held, and the industries the request refuses.
 */
export function TierEditor({ form, stored, industries }: TierEditorProps) {
  const { register, control, formState } = form
  const errors = formState.errors
  const tiers = useFieldArray({ control, name: 'tiers' })
  const anyAmount = useWatch({ control, name: 'anyAmount' })
  const listError = errors.tiers?.root?.message ?? errors.tiers?.message
  const clashing = industries.filter((i) => i.key !== 'other')
  return (
    <fieldset className="mt-4 space-y-3 rounded-box border border-base-300 p-4" data-testid="tier-editor">
      <legend className="px-1 text-sm font-semibold">Packages (optional)</legend>
      <p className="text-sm text-base-content/75">
        Offer sponsors set packages, such as “Gold: logo on the stage banner, booth, two passes”. Picking one pledges its price and opens a
        deal with its benefits.
      </p>
      <ol className="space-y-3">
        {tiers.fields.map((field, i) => (
          <TierFields
            key={field.id}
            form={form}
            index={i}
            stored={stored.find((t) => t.id === form.getValues(`tiers.${i}.id`))}
            onRemove={() => tiers.remove(i)}
          />
        ))}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-error">
          {listError}
        </p>
      )}
      <Button variant="outline" size="sm" disabled={tiers.fields.length >= tierLimits.tiers} onClick={() => tiers.append(newTier())}>
        <PlusIcon className="size-4" /> Add a package
      </Button>
      {tiers.fields.length >= tierLimits.tiers && (
        <p className="text-xs text-base-content/75">A request has at most {tierLimits.tiers} packages.</p>
      )}
      <div className="grid gap-x-4 pt-1 sm:grid-cols-2">
        <label className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 p-2.5">
          <input type="checkbox" className="toggle toggle-primary toggle-sm mt-0.5" {...register('anyAmount')} />
          <span>
            <span className="block text-sm font-semibold">Any amount</span>
            <span className="block text-xs text-base-content/75">
              {anyAmount ? 'Sponsors may also pledge an amount of their choice.' : 'Sponsors pick one of the packages.'}
            </span>
          </span>
        </label>
        <TextField
          label="Hold a picked slot for (days)"
          type="number"
          min={tierLimits.holdDaysMin}
          max={tierLimits.holdDaysMax}
          step={1}
          inputMode="numeric"
          hint="1 to 30 days: a deal not funded by then is cancelled and its slot is free again."
          error={errors.holdDays?.message}
          {...register('holdDays')}
        />
      </div>
      {errors.anyAmount?.message && (
        <p role="alert" className="text-sm text-error">
          {errors.anyAmount.message}
        </p>
      )}
      {clashing.length > 0 && (
        <fieldset aria-describedby={errors.clashingIndustries ? 'clashing-industries-error' : 'clashing-industries-hint'}>
          <legend className="pb-1 text-sm font-semibold">Clashing industries (optional)</legend>
          <p id="clashing-industries-hint" className="pb-1 text-xs text-base-content/75">
            Sponsors in these industries cannot back this request.
          </p>
          <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-3">
            {clashing.map((i) => (
              <Checkbox key={i.key} label={i.label} value={i.key} {...register('clashingIndustries')} />
            ))}
          </div>
          {errors.clashingIndustries?.message && (
            <p id="clashing-industries-error" role="alert" className="mt-1 text-sm text-error">
              {errors.clashingIndustries.message}
            </p>
          )}
        </fieldset>
      )}
    </fieldset>
  )
}
