import { lazy, Suspense } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useIndustries } from '@/features/app-config'
import type { Tier } from '@/lib/tiers'
import { Checkbox, TextAreaField, TextField } from '@/components/ui/Field'
import type { ListingKind } from '@/lib/listing'
import { limits } from '@/lib/limits.gen'
import { earliestEventDate, type ListingFormInput, type ListingFormValues } from '../schemas'

// The Packages section loads with a request's form only: most posts never open it.
const TierEditor = lazy(() => import('./TierEditor').then((m) => ({ default: m.TierEditor })))
// An offer's "Who can apply" and "Questions" too.
const OfferRulesEditor = lazy(() => import('./OfferRulesEditor').then((m) => ({ default: m.OfferRulesEditor })))

const noTiers: readonly Tier[] = []

interface ListingFormFieldsProps {
  kind: ListingKind
  form: UseFormReturn<ListingFormInput, unknown, ListingFormValues>
  categories: readonly string[]
  /** The field the dialog opens on: the title, or the event date when the poster came to change it (reopening). */
  first?: 'title' | 'eventDate'
  /** A request's stored tiers (the edit form). */
  storedTiers?: readonly Tier[]
}

export function ListingFormFields({ kind, form, categories, first = 'title', storedTiers = noTiers }: ListingFormFieldsProps) {
  const { register, formState } = form
  const industries = useIndustries()
  const { errors } = formState
  const isRequest = kind === 'requests'
  return (
    <div className="space-y-1">
      <TextField
        label="Title"
        data-autofocus={first === 'title' || !isRequest || undefined}
        placeholder={isRequest ? 'e.g. Robotics team needs travel funding' : 'e.g. Scholarships for young coders'}
        maxLength={limits.listingTitle}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        rows={4}
        placeholder={
          isRequest ? 'What is the project, and what will the money pay for?' : 'Who can apply, and what does the sponsorship cover?'
        }
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label={isRequest ? 'Requested Amount (USD)' : 'Amount (USD)'}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label="Location (optional)"
          placeholder="City, Country"
          maxLength={limits.listingLocation}
          error={errors.location?.message}
          {...register('location')}
        />
      </div>
      {isRequest && (
        <TextField
          label="Event Date (optional)"
          type="date"
          min={earliestEventDate()}
          data-autofocus={first === 'eventDate' || undefined}
          error={errors.eventDate?.message}
          {...register('eventDate')}
        />
      )}
      <fieldset
        className="pt-2"
        aria-invalid={errors.categories ? true : undefined}
        aria-describedby={errors.categories ? 'listing-categories-error' : undefined}
      >
        <legend className="pb-1 text-sm font-semibold">Categories</legend>
        <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-4">
          {categories.map((c) => (
            <Checkbox key={c} label={c} value={c} {...register('categories')} />
          ))}
        </div>
        {errors.categories && (
          <p id="listing-categories-error" role="alert" className="mt-1 text-sm text-error">
            {errors.categories.message}
          </p>
        )}
      </fieldset>
      <Suspense fallback={null}>
        {isRequest ? (
          <TierEditor form={form} stored={storedTiers} industries={industries} />
        ) : (
          <OfferRulesEditor form={form} categories={categories} />
        )}
      </Suspense>
    </div>
  )
}
