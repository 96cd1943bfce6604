import type { UseFormReturn } from 'react-hook-form'
import { Checkbox, TextField } from '@/components/ui/Field'
import { limits } from '@/lib/limits.gen'
import type { ListingFormInput, ListingFormValues } from '../schemas'
import { PlacesField } from './PlacesField'

interface CriteriaFieldsProps {
  form: UseFormReturn<ListingFormInput, unknown, ListingFormValues>
  categories: readonly string[]
}

/** Who may apply to the offer: places, categories, the event-date window, audience, verified and reliable members, and the cap. */
export function CriteriaFields({ form, categories }: CriteriaFieldsProps) {
  const { register, formState } = form
  const errors = formState.errors.criteria
  const categoriesError = errors?.categories?.message
  return (
    <div className="space-y-3">
      <PlacesField form={form} />
      <fieldset aria-describedby={categoriesError ? 'criteria-categories-error' : undefined}>
        <legend className="pb-1 text-sm font-semibold">Applicants' event categories</legend>
        <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-4">
          {categories.map((c) => (
            <Checkbox key={c} label={c} value={c} {...register('criteria.categories')} />
          ))}
        </div>
        {categoriesError && (
          <p id="criteria-categories-error" role="alert" className="mt-1 text-sm text-error">
            {categoriesError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Events from" type="date" error={errors?.eventFrom?.message} {...register('criteria.eventFrom')} />
        <TextField label="Events until" type="date" error={errors?.eventTo?.message} {...register('criteria.eventTo')} />
        <TextField
          label="Minimum audience"
          type="number"
          min={0}
          max={limits.audience}
          step={1}
          inputMode="numeric"
          hint="As applicants state it on their profile."
          error={errors?.minAudience?.message}
          {...register('criteria.minAudience')}
        />
        <TextField
          label="Application cap"
          type="number"
          min={1}
          max={limits.applicationCap}
          step={1}
          inputMode="numeric"
          hint="1 to 500 applications; empty for no cap."
          error={formState.errors.applicationCap?.message}
          {...register('applicationCap')}
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Checkbox label="Verified members only" {...register('criteria.verifiedOnly')} />
        <Checkbox label="Reliable members only" {...register('criteria.reliableOnly')} />
      </div>
    </div>
  )
}
