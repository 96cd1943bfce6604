import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { Checkbox, TextField } from '@/components/ui/Field'
import { PlusIcon, TrashIcon } from '@/components/ui/icons'
import { tierLimits } from '@/lib/tier-limits'
import { tierSlotsTakenText, type Tier } from '@/lib/tiers'
import { newBenefit } from '../tiers'
import type { ListingFormInput, ListingFormValues } from '../schemas'

interface TierFieldsProps {
  form: UseFormReturn<ListingFormInput, unknown, ListingFormValues>
  index: number
  /** The stored tier this row edits, if any. */
  stored?: Tier
  onRemove: () => void
}

/** One package of the editor. A package with slots taken keeps its price, benefits and exclusivity, and stays. */
export function TierFields({ form, index: i, stored, onRemove }: TierFieldsProps) {
  const { register, control, formState } = form
  const errors = formState.errors.tiers?.[i]
  const benefits = useFieldArray({ control, name: `tiers.${i}.benefits` })
  const unlimited = useWatch({ control, name: `tiers.${i}.unlimited` })
  const name = useWatch({ control, name: `tiers.${i}.name` })
  const taken = stored?.taken ?? 0
  const locked = taken > 0
  const label = name.trim() || `Package ${i + 1}`
  const benefitsError = errors?.benefits?.root?.message ?? errors?.benefits?.message
  return (
    <li className="space-y-1 rounded-box border border-base-300 bg-base-200/40 p-3" data-testid="tier-fields">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{label}</h3>
        <Button variant="ghost" size="sm" disabled={locked} onClick={onRemove} aria-label={`Remove ${label}`}>
          <TrashIcon className="size-4" />
        </Button>
      </div>
      {locked && (
        <p className="rounded-field bg-warning/15 px-2.5 py-1.5 text-xs" data-testid="tier-locked">
          {tierSlotsTakenText(taken)}: its price, benefits and exclusivity cannot change, it cannot be removed, and its quantity cannot be
          less than {taken}.
        </p>
      )}
      <div className="grid gap-x-3 sm:grid-cols-[1fr_9rem]">
        <TextField
          label="Package name"
          maxLength={tierLimits.name}
          placeholder="e.g. Gold"
          error={errors?.name?.message}
          {...register(`tiers.${i}.name`)}
        />
        <TextField
          label="Price (USD)"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          disabled={locked}
          error={errors?.price?.message}
          {...register(`tiers.${i}.price`)}
        />
      </div>
      <div className="grid items-end gap-x-3 sm:grid-cols-[9rem_1fr]">
        <TextField
          label="Quantity"
          type="number"
          min={Math.max(1, taken)}
          max={tierLimits.quantity}
          step={1}
          inputMode="numeric"
          disabled={unlimited}
          error={errors?.quantity?.message}
          {...register(`tiers.${i}.quantity`)}
        />
        <Checkbox label="Unlimited" className="mb-2" {...register(`tiers.${i}.unlimited`)} />
      </div>
      <fieldset className="pt-1">
        <legend className="pb-1 text-sm font-semibold">Benefits</legend>
        <ol className="space-y-2">
          {benefits.fields.map((b, j) => (
            <li key={b.id} className="grid grid-cols-[1fr_auto] items-end gap-x-2 sm:grid-cols-[1fr_10rem_auto]">
              {/* On a phone the title has the row; the due date and the remove button share the next. */}
              <div className="col-span-2 sm:col-span-1">
                <TextField
                  label={`Benefit ${j + 1}`}
                  maxLength={tierLimits.benefitTitle}
                  disabled={locked}
                  error={errors?.benefits?.[j]?.title?.message}
                  {...register(`tiers.${i}.benefits.${j}.title`)}
                />
              </div>
              <TextField label="Due (optional)" type="date" disabled={locked} {...register(`tiers.${i}.benefits.${j}.due`)} />
              <Button
                variant="ghost"
                size="sm"
                className="mb-1"
                disabled={locked || benefits.fields.length === 1}
                onClick={() => benefits.remove(j)}
                aria-label={`Remove benefit ${j + 1} of ${label}`}
              >
                <TrashIcon className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
        {benefitsError && (
          <p role="alert" className="mt-1 text-sm text-error">
            {benefitsError}
          </p>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="mt-1"
          disabled={locked || benefits.fields.length >= tierLimits.benefits}
          onClick={() => benefits.append(newBenefit())}
        >
          <PlusIcon className="size-4" /> Add a benefit
        </Button>
      </fieldset>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField label="On sale from (optional)" type="date" error={errors?.saleStart?.message} {...register(`tiers.${i}.saleStart`)} />
        <TextField label="On sale until (optional)" type="date" error={errors?.saleEnd?.message} {...register(`tiers.${i}.saleEnd`)} />
      </div>
      <Checkbox label="Exclusive in its industry" disabled={locked} {...register(`tiers.${i}.exclusive`)} />
      <p className="pl-7 text-xs text-base-content/75">
        Once a sponsor holds it, no other sponsor of their industry may back this request.
      </p>
    </li>
  )
}
