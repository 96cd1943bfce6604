import { useState } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { CloseIcon, PlusIcon } from '@/components/ui/icons'
import { limits } from '@/lib/limits.gen'
import type { ListingFormInput, ListingFormValues } from '../schemas'

/** The offer's places as chips (add, remove) and the "Online events" toggle: `criteria.locations` on the wire. */
export function PlacesField({ form }: { form: UseFormReturn<ListingFormInput, unknown, ListingFormValues> }) {
  const { control, register, setValue, setError, clearErrors, formState } = form
  const places = useWatch({ control, name: 'criteria.places' })
  const online = useWatch({ control, name: 'criteria.online' })
  const [draft, setDraft] = useState('')
  const full = places.length + (online ? 1 : 0) >= limits.criteriaLocations
  const error = formState.errors.criteria?.places
  const message = error?.message ?? error?.root?.message

  const add = () => {
    const place = draft.trim()
    if (!place) return
    if (places.some((p) => p.trim().toLowerCase() === place.toLowerCase())) {
      setError('criteria.places', { type: 'manual', message: 'Each location may appear only once' })
      return
    }
    if (place.length > limits.criteriaPlace) {
      setError('criteria.places', { type: 'manual', message: `Each location must be at most ${limits.criteriaPlace} characters` })
      return
    }
    clearErrors('criteria.places')
    setValue('criteria.places', [...places, place], { shouldDirty: true })
    setDraft('')
  }
  const remove = (place: string) => {
    clearErrors('criteria.places')
    setValue(
      'criteria.places',
      places.filter((p) => p !== place),
      { shouldDirty: true },
    )
  }

  return (
    <fieldset className="space-y-2" aria-describedby={message ? 'criteria-places-error' : 'criteria-places-hint'}>
      <legend className="pb-1 text-sm font-semibold">Locations</legend>
      <p id="criteria-places-hint" className="text-xs text-base-content/75">
        Applicants whose event is in one of these places (a city, or online events). None: anywhere.
      </p>
      {places.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Places">
          {places.map((p) => (
            <li key={p} className="badge badge-soft badge-primary h-auto gap-1 py-1 pr-1 break-all">
              {p}
              <button type="button" className="btn btn-ghost btn-circle btn-xs" aria-label={`Remove ${p}`} onClick={() => remove(p)}>
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="criteria-place" className="sr-only">
          Add a place
        </label>
        <input
          id="criteria-place"
          className={`input input-sm min-w-0 flex-1 ${message ? 'input-error' : ''}`}
          placeholder="A city, e.g. Pune"
          value={draft}
          maxLength={limits.criteriaPlace}
          disabled={full}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'criteria-places-error' : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault() // adds the place instead of posting the form
              add()
            }
          }}
        />
        <Button variant="outline" size="sm" disabled={full || !draft.trim()} onClick={add}>
          <PlusIcon className="size-4" /> Add place
        </Button>
        <label className="flex cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 py-1.5 text-sm">
          <input type="checkbox" className="toggle toggle-primary toggle-sm" disabled={full && !online} {...register('criteria.online')} />
          Online events
        </label>
      </div>
      {message && (
        <p id="criteria-places-error" role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
    </fieldset>
  )
}
