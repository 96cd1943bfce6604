import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { Checkbox, TextField } from '@/components/ui/Field'
import { SettingsCard } from '@/components/ui/SettingsCard'
import { useCategories } from '@/features/app-config'
import type { CurrentUser } from '@/lib/api-types.gen'
import { errorMessage } from '@/lib/api'
import { limits } from '@/lib/limits.gen'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useUpdateUser } from '../api/update-user'
import { eventsSchema, eventsValuesOf, toEventsPatch, type EventsValues } from '../schemas'

/** The server's field names, and the card's field each error goes under. */
const rename = { eventLocation: 'city' } as const
const fields = ['city', 'eventCategories', 'nextEventDate', 'audience'] as const

/** "Your events": what offers' criteria are checked against (docs/api/eligibility.md, "A member's events"). */
export function EventsCard({ user }: { user: CurrentUser }) {
  const update = useUpdateUser()
  const categories = useCategories()
  const form = useForm<EventsValues>({ resolver: zodResolver(eventsSchema), defaultValues: eventsValuesOf(user) })
  const online = useWatch({ control: form.control, name: 'online' })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    update.mutate(toEventsPatch(values), {
      onSuccess: (saved) => {
        form.reset(eventsValuesOf(saved))
        toast({ title: 'Events updated', variant: 'success' })
      },
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, fields, rename)) return
        toast({ title: 'Could not update your events', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )

  return (
    <SettingsCard
      id="settings-events"
      title="Your events"
      description="Sponsors' criteria read these: an offer tells you before you apply whether you qualify."
    >
      <form onSubmit={submit} noValidate className="space-y-2" data-testid="events-form">
        <div className="grid items-end gap-x-4 sm:grid-cols-[1fr_auto]">
          {online ? (
            <p className="py-3 text-sm" data-testid="events-online">
              Your events are online: offers for online events take you.
            </p>
          ) : (
            <TextField
              label="Event location"
              placeholder="City, e.g. Pune"
              maxLength={limits.eventLocation}
              error={errors.city?.message}
              {...form.register('city')}
            />
          )}
          <label className="mb-1 flex cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 py-2 text-sm">
            <input type="checkbox" className="toggle toggle-primary toggle-sm" {...form.register('online')} />
            Online events
          </label>
        </div>
        <fieldset
          aria-invalid={errors.eventCategories ? true : undefined}
          aria-describedby={errors.eventCategories ? 'events-categories-error' : undefined}
        >
          <legend className="pb-1 text-sm font-semibold">Event categories</legend>
          <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-4">
            {categories.map((c) => (
              <Checkbox key={c} label={c} value={c} {...form.register('eventCategories')} />
            ))}
          </div>
          {errors.eventCategories?.message && (
            <p id="events-categories-error" role="alert" className="mt-1 text-sm text-error">
              {errors.eventCategories.message}
            </p>
          )}
        </fieldset>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Next event date" type="date" error={errors.nextEventDate?.message} {...form.register('nextEventDate')} />
          <TextField
            label="Expected audience"
            type="number"
            min={0}
            max={limits.audience}
            step={1}
            inputMode="numeric"
            hint="People at or reached by one event, as you expect it."
            error={errors.audience?.message}
            {...form.register('audience')}
          />
        </div>
        <div className="flex justify-end pt-2">
          <Button type="submit" loading={update.isPending}>
            Save events
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}
